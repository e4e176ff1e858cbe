/** 'Asignar Rol a {name}': only the roles the user does not hold yet. */
import { type CustomRole, type UserWithRoles, fullName } from '@crm/domain';
import { Button, ColorSwatch, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useRefreshPeople } from '../../users/hooks/useRefreshPeople';

interface AssignRoleDialogProps {
  user: UserWithRoles | null;
  roles: CustomRole[];
  onClose: () => void;
}

export function AssignRoleDialog({ user, roles, onClose }: AssignRoleDialogProps) {
  const trpc = useTRPC();
  const refresh = useRefreshPeople();
  const assign = useMutation(
    trpc.customRoles.assign.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Rol asignado');
        onClose();
        await refresh();
      },
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo asignar el rol.')),
    }),
  );
  const held = new Set(user?.customRoles.map((entry) => entry.roleId));
  const available = roles.filter((role) => !held.has(role.id));
  const name = user ? fullName(user.firstName, user.lastName, user.username) : '';

  return (
    <Modal opened={user !== null} onClose={onClose} title={`Asignar Rol a ${name}`} centered>
      {user ? (
        <Stack gap="xs">
          {available.length === 0 ? (
            <Text c="dimmed">Este usuario ya tiene todos los roles disponibles.</Text>
          ) : (
            available.map((role) => (
              <Button
                key={role.id}
                variant="default"
                justify="flex-start"
                fullWidth
                h="auto"
                py="xs"
                disabled={assign.isPending}
                onClick={() => assign.mutate({ userId: user.id, roleId: role.id })}
                leftSection={<ColorSwatch color={role.color} size={14} />}
              >
                <Group gap={6} wrap="nowrap">
                  <Text fw={600} size="sm">
                    {role.displayName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {role.name}
                  </Text>
                </Group>
              </Button>
            ))
          )}
        </Stack>
      ) : null}
    </Modal>
  );
}
