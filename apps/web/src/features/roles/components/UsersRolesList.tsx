/** 'Usuarios y sus Roles': each user's role chips (each removable) and an 'Asignar Rol' button. */
import { type UserCustomRole, type UserWithRoles, fullName } from '@crm/domain';
import { Badge, Button, Card, CloseButton, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FailedLoad, LoadError } from '../../../components/LoadError';
import { UserAvatar } from '../../../components/UserAvatar';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useRefreshPeople } from '../../users/hooks/useRefreshPeople';

interface UsersRolesListProps {
  users: UserWithRoles[] | undefined;
  /** Set when the list failed to load. */
  failure: FailedLoad | null;
  onAssign: (user: UserWithRoles) => void;
}

function RoleChip({ entry, userId, userName }: { entry: UserCustomRole; userId: number; userName: string }) {
  const trpc = useTRPC();
  const refresh = useRefreshPeople();
  const remove = useMutation(
    trpc.customRoles.remove.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Rol removido');
        await refresh();
      },
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo remover el rol.')),
    }),
  );
  return (
    <Badge
      data-testid="role-chip"
      variant="light"
      color={entry.role.color}
      tt="none"
      pr={3}
      rightSection={
        <CloseButton
          size="xs"
          variant="transparent"
          aria-label={`Quitar ${entry.role.displayName} a ${userName}`}
          disabled={remove.isPending}
          onClick={() => remove.mutate({ userId, roleId: entry.roleId })}
        />
      }
    >
      {entry.role.displayName}
    </Badge>
  );
}

export function UsersRolesList({ users, failure, onAssign }: UsersRolesListProps) {
  return (
    <Card>
      <Title order={2} size="h4" mb="sm">
        Usuarios y sus Roles
      </Title>
      {failure ? (
        <LoadError title="No se pudieron cargar los usuarios" query={failure} />
      ) : users === undefined ? (
        <Stack>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} h={48} />
          ))}
        </Stack>
      ) : (
        <Stack gap={0}>
          {users.map((user) => {
            const name = fullName(user.firstName, user.lastName, user.username);
            return (
              <Group
                key={user.id}
                justify="space-between"
                py="sm"
                gap="sm"
                data-testid="user-roles-row"
                aria-label={name}
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              >
                <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
                  <UserAvatar user={user} />
                  <Stack gap={4} miw={0}>
                    <Text fw={600} truncate>
                      {name}
                    </Text>
                    <Group gap={6}>
                      {user.customRoles.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          Sin roles asignados
                        </Text>
                      ) : (
                        user.customRoles.map((entry) => <RoleChip key={entry.id} entry={entry} userId={user.id} userName={name} />)
                      )}
                    </Group>
                  </Stack>
                </Group>
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconPlus size={14} />}
                  aria-label={`Asignar Rol a ${name}`}
                  onClick={() => onAssign(user)}
                >
                  Asignar Rol
                </Button>
              </Group>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
