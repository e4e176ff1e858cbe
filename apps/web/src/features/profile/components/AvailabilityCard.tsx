/** 'Disponible para asignación': while off, the automatic distribution of one's specializations skips oneself. */
import { Card, Switch } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { notifyError } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';

export function AvailabilityCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const save = useMutation(
    trpc.users.setAvailability.mutationOptions({
      onSuccess: (updated) => queryClient.setQueryData(trpc.auth.me.queryKey(), (current) => current && { ...current, ...updated }),
      onError: () => notifyError('No se pudo guardar la disponibilidad'),
    }),
  );
  return (
    <Card>
      <Switch
        label="Disponible para asignación"
        description="Mientras esté apagado, el reparto automático de tus especializaciones no te asigna leads"
        checked={save.isPending ? save.variables.available : user.available}
        disabled={save.isPending}
        onChange={(event) => save.mutate({ id: user.id, available: event.currentTarget.checked })}
      />
    </Card>
  );
}
