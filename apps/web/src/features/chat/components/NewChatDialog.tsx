/** 'Iniciar Nuevo Chat': pick any teammate to open a conversation with. */
import { displayName, systemRoleLabel } from '@crm/domain';
import { Group, Loader, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { UserAvatar } from '../../../components/UserAvatar';
import { useTRPC } from '../../../lib/trpc';
import classes from './Chat.module.css';

export function NewChatDialog({ opened, onClose, onPick }: { opened: boolean; onClose: () => void; onPick: (id: number) => void }) {
  const trpc = useTRPC();
  const users = useQuery({ ...trpc.chat.availableUsers.queryOptions(), enabled: opened });
  return (
    <Modal opened={opened} onClose={onClose} title="Iniciar Nuevo Chat">
      {users.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" />
        </Group>
      ) : !users.data || users.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          No hay usuarios disponibles
        </Text>
      ) : (
        <Stack gap={2}>
          {users.data.map((user) => (
            <UnstyledButton key={user.id} className={classes.contact} onClick={() => onPick(user.id)}>
              <Group gap="sm" wrap="nowrap">
                <UserAvatar user={user} />
                <div>
                  <Text size="sm" fw={600}>
                    {displayName(user)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {systemRoleLabel(user.role)}
                  </Text>
                </div>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
