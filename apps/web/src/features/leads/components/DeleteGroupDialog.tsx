/** The confirmation before deleting a group, saying how many leads go with it (docs/leads.md, Groups). */
import { type LeadGroup, formatCount } from '@crm/domain';
import { useMutation } from '@tanstack/react-query';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useRefreshLeads } from '../hooks/useLeadQueries';

function leadsPhrase(count: number): string {
  return count === 1 ? 'su único lead' : `sus ${formatCount(count, 'lead', 'leads')}`;
}

export function DeleteGroupDialog({ group, opened, onClose }: { group: LeadGroup | null; opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshLeads();
  const remove = useMutation(
    trpc.leadGroups.delete.mutationOptions({
      onSuccess: async (result) => {
        notifySuccess('Grupo eliminado', result.message);
        onClose();
        await refresh();
      },
      onError: (error) => notifyError('No se pudo eliminar el grupo', serverMessage(error, 'Error al eliminar grupo')),
    }),
  );

  return (
    <ConfirmDeleteDialog
      opened={opened && group !== null}
      title="Eliminar grupo"
      confirmLabel="Eliminar grupo"
      pending={remove.isPending}
      onConfirm={() => group && remove.mutate({ id: group.id })}
      onClose={onClose}
    >
      ¿Eliminar el grupo <strong>{group?.name}</strong>?{' '}
      {group?.leadCount ? `Se eliminarán también ${leadsPhrase(group.leadCount)}.` : 'El grupo no tiene leads.'} Esta acción no se puede
      deshacer.
    </ConfirmDeleteDialog>
  );
}
