/** 'Confirmar Eliminación': deleting a user ends their sessions at once. */
import { type User, fullName } from '@crm/domain';
import { useMutation } from '@tanstack/react-query';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
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
    <ConfirmDeleteDialog
      opened={user !== null}
      title="Confirmar Eliminación"
      pending={remove.isPending}
      onConfirm={() => user && remove.mutate({ id: user.id })}
      onClose={onClose}
    >
      ¿Seguro que quieres eliminar a <strong>{user ? fullName(user.firstName, user.lastName, user.username) : ''}</strong> (@
      {user?.username})? Se cerrarán sus sesiones y esta acción no se puede deshacer.
    </ConfirmDeleteDialog>
  );
}
