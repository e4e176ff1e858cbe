/** Create, reschedule and mark done, each refreshing lists, badge and leads, with Spanish toasts. */
import { useMutation } from '@tanstack/react-query';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useRefreshFollowUps } from './useFollowUpQueries';

export function useCreateFollowUp(onDone: () => void) {
  const trpc = useTRPC();
  const refresh = useRefreshFollowUps();
  return useMutation(
    trpc.followUps.create.mutationOptions({
      onSuccess: () => {
        refresh();
        notifySuccess('Seguimiento programado');
        onDone();
      },
      onError: (error) => notifyError('No se pudo programar el seguimiento', serverMessage(error, 'Error al programar el seguimiento')),
    }),
  );
}

export function useUpdateFollowUp(successTitle: string, onDone?: () => void) {
  const trpc = useTRPC();
  const refresh = useRefreshFollowUps();
  return useMutation(
    trpc.followUps.update.mutationOptions({
      onSuccess: () => {
        refresh();
        notifySuccess(successTitle);
        onDone?.();
      },
      onError: (error) => notifyError('No se pudo actualizar el seguimiento', serverMessage(error, 'Error al actualizar el seguimiento')),
    }),
  );
}
