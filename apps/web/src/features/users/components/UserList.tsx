/** 'Usuarios del Sistema': initials or photo, name, @username, team, role badge, creation date, actions. */
import { type User, can, fullName } from '@crm/domain';
import { ActionIcon, Card, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { type FailedLoad, LoadError } from '../../../components/LoadError';
import { UserAvatar } from '../../../components/UserAvatar';
import { SystemRoleBadge } from './SystemRoleBadge';
import { UserSecurityActions } from '../../security/components/UserSecurityActions';
import { useTeamFormat } from '../../../lib/useTeamFormat';

interface UserListProps {
  users: User[] | undefined;
  /** Set when the list failed to load. */
  failure: FailedLoad | null;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

function UserRow({ user, onEdit, onDelete }: { user: User; onEdit: () => void; onDelete: () => void }) {
  const format = useTeamFormat();
  const actor = useCurrentUser();
  const name = fullName(user.firstName, user.lastName);
  return (
    <Group justify="space-between" wrap="nowrap" py="sm" data-testid="user-row" aria-label={name}>
      <Group wrap="nowrap" gap="sm" miw={0}>
        <UserAvatar user={user} />
        <Stack gap={0} miw={0}>
          <Text fw={600} truncate>
            {name}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            @{user.username}
            {user.teamName ? ` · ${user.teamName}` : ''}
          </Text>
          <Group gap="xs" mt={4} hiddenFrom="sm">
            <SystemRoleBadge role={user.systemRole} />
          </Group>
        </Stack>
      </Group>
      <Group wrap="nowrap" gap="md">
        <Group gap="md" wrap="nowrap" visibleFrom="sm">
          <SystemRoleBadge role={user.systemRole} />
          <Text size="sm" c="dimmed" w={90} ta="right">
            {format.date(user.createdAt)}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <UserSecurityActions user={user} />
          {can(actor, 'user.editProfile', user) ? (
            <Tooltip label="Editar">
              <ActionIcon variant="subtle" aria-label={`Editar ${name}`} onClick={onEdit}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {can(actor, 'user.delete', user) ? (
            <Tooltip label="Eliminar">
              <ActionIcon variant="subtle" color="red" aria-label={`Eliminar ${name}`} onClick={onDelete}>
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </Group>
    </Group>
  );
}

export function UserList({ users, failure, onEdit, onDelete }: UserListProps) {
  return (
    <Card>
      <Title order={2} size="h4" mb="sm">
        Usuarios del Sistema
      </Title>
      {failure ? (
        <LoadError title="No se pudieron cargar los usuarios" query={failure} />
      ) : users === undefined ? (
        <Stack>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} h={48} />
          ))}
        </Stack>
      ) : users.length === 0 ? (
        <Text c="dimmed">No hay usuarios.</Text>
      ) : (
        <Stack gap={0} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          {users.map((user) => (
            <div key={user.id} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
              <UserRow user={user} onEdit={() => onEdit(user)} onDelete={() => onDelete(user)} />
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}
