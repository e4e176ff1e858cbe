/** Confirms deleting a role: its assignments go and groups tied to it lose the link. */
import type { CustomRole } from '@crm/domain';
import { useMutation } from '@tanstack/react-query';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useRefreshPeople } from '../../users/hooks/useRefreshPeople';

export function DeleteRoleDialog({ role, onClose }: { role: CustomRole | null; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshPeople();
  const remove = useMutation(
    trpc.customRoles.delete.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Rol eliminado');
        onClose();
        await refresh();
      },
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo eliminar el rol.')),
    }),
  );
  return (
    <ConfirmDeleteDialog
      opened={role !== null}
      title="Eliminar rol"
      pending={remove.isPending}
      onConfirm={() => role && remove.mutate({ id: role.id })}
      onClose={onClose}
    >
      ¿Eliminar el rol <strong>{role?.displayName}</strong>? Se quitará a todos los usuarios que lo tienen y los grupos asignados a él
      quedarán sin rol.
    </ConfirmDeleteDialog>
  );
}
