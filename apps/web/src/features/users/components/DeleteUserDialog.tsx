/** 'Confirmar Eliminación': deleting a user ends their sessions at once. */
import { type User, fullName } from '@crm/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useRefreshPeople } from '../hooks/useRefreshPeople';

export function DeleteUserDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshPeople();
  const remove = useMutation(
    trpc.users.delete.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Usuario eliminado');
        onClose();
        await refresh();
      },
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo eliminar el usuario')),
    }),
  );

  return (
    <Modal opened={user !== null} onClose={onClose} title="Confirmar Eliminación" centered>
      {user ? (
        <Stack>
          <Text>
            ¿Seguro que quieres eliminar a <strong>{fullName(user.firstName, user.lastName, user.username)}</strong> (@
            {user.username})? Se cerrarán sus sesiones y esta acción no se puede deshacer.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={remove.isPending}>
              Cancelar
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ id: user.id })}>
              Eliminar
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
