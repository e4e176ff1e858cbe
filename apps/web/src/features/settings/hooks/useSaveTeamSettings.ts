/** Saving the team settings: every screen's formatters follow the answer at once (the query's cache is replaced). */
import { formatCount } from '@crm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { applyTeamSettingsChanged } from './settings-events';

export function useSaveTeamSettings(onSaved?: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.settings.updateTeam.mutationOptions({
      onSuccess: ({ phonesUpdated, ...saved }) => {
        queryClient.setQueryData(trpc.settings.team.queryKey(), saved);
        notifySuccess(
          'Configuración guardada',
          phonesUpdated > 0 ? `Se actualizaron ${formatCount(phonesUpdated, 'teléfono', 'teléfonos')}` : undefined,
        );
        onSaved?.();
        // As the live event does, for a tab whose live link is down when it saves.
        applyTeamSettingsChanged(queryClient, trpc, phonesUpdated);
      },
      onError: (error) => notifyError('No se pudo guardar la configuración', serverMessage(error, 'Error al guardar la configuración')),
    }),
  );
}
