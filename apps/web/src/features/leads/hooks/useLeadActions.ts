/**
 * The writes a lead card offers, each with its Spanish success and failure toasts: mark contacted,
 * assign, move status. Each answers with the lead, which goes straight into the cache (lead-events.ts).
 */
import { statusLabel } from '@crm/domain';
import { useMutation } from '@tanstack/react-query';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useLeadWritten } from './lead-events';

export function useMarkContacted() {
  const trpc = useTRPC();
  const written = useLeadWritten();
  return useMutation(
    trpc.leads.markContacted.mutationOptions({
      onSuccess: (lead) => {
        notifySuccess('Lead marcado como contactado');
        written(lead);
      },
      onError: (error) => notifyError('No se pudo marcar como contactado', serverMessage(error, 'Error al marcar como contactado')),
    }),
  );
}

export function useAssignLead() {
  const trpc = useTRPC();
  const written = useLeadWritten();
  return useMutation(
    trpc.leads.assign.mutationOptions({
      onSuccess: (lead) => {
        notifySuccess('Lead asignado');
        written(lead, 'assigned');
      },
      onError: (error) => notifyError('No se pudo asignar el lead', serverMessage(error, 'Error al asignar lead')),
    }),
  );
}

/** A Vendedor moving their own lead to interesado, convertido or perdido (docs/leads.md). */
export function useMoveLeadStatus() {
  const trpc = useTRPC();
  const written = useLeadWritten();
  return useMutation(
    trpc.leads.update.mutationOptions({
      onSuccess: (lead) => {
        notifySuccess('Estado actualizado', `El lead ahora está ${statusLabel(lead.status).toLowerCase()}`);
        written(lead);
      },
      onError: (error) => notifyError('No se pudo actualizar el estado', serverMessage(error, 'Error al actualizar el lead')),
    }),
  );
}
