/** A member's 'Disponible para asignación' in the team table, for whoever may set it (admin, manager, oneself). */
import type { TeamMember } from '@crm/domain';
import { Switch, Tooltip } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { notifyError } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useRefreshPeople } from '../../users/hooks/useRefreshPeople';

export function AvailabilitySwitch({ member, name }: { member: TeamMember; name: string }) {
  const trpc = useTRPC();
  const refreshPeople = useRefreshPeople();
  const save = useMutation(
    trpc.users.setAvailability.mutationOptions({
      onSuccess: () => refreshPeople(),
      onError: () => notifyError('No se pudo guardar la disponibilidad'),
    }),
  );
  const available = save.isPending ? save.variables.available : member.available;
  return (
    <Tooltip label={available ? 'Disponible para asignación' : 'No disponible para asignación'}>
      <Switch
        size="xs"
        aria-label={`Disponible para asignación: ${name}`}
        checked={available}
        disabled={save.isPending}
        onChange={(event) => save.mutate({ id: member.id, available: event.currentTarget.checked })}
      />
    </Tooltip>
  );
}
