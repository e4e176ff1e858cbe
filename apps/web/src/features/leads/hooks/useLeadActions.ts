/** The writes a lead card offers, each with its Spanish success and failure toasts: mark contacted, assign, move status. */
import { statusLabel } from '@crm/domain';
import { useMutation } from '@tanstack/react-query';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useRefreshLeads } from './useLeadQueries';

export function useMarkContacted() {
  const trpc = useTRPC();
  const refresh = useRefreshLeads();
  return useMutation(
    trpc.leads.markContacted.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Lead marcado como contactado');
        await refresh();
      },
      onError: (error) => notifyError('No se pudo marcar como contactado', serverMessage(error, 'Error al marcar como contactado')),
    }),
  );
}

export function useAssignLead() {
  const trpc = useTRPC();
  const refresh = useRefreshLeads();
  return useMutation(
    trpc.leads.assign.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Lead asignado');
        await refresh();
      },
      onError: (error) => notifyError('No se pudo asignar el lead', serverMessage(error, 'Error al asignar lead')),
    }),
  );
}

/** A Vendedor moving their own lead to interesado, convertido or perdido (docs/leads.md). */
export function useMoveLeadStatus() {
  const trpc = useTRPC();
  const refresh = useRefreshLeads();
  return useMutation(
    trpc.leads.update.mutationOptions({
      onSuccess: async (lead) => {
        notifySuccess('Estado actualizado', `El lead ahora está ${statusLabel(lead.status).toLowerCase()}`);
        await refresh();
      },
      onError: (error) => notifyError('No se pudo actualizar el estado', serverMessage(error, 'Error al actualizar el lead')),
    }),
  );
}
