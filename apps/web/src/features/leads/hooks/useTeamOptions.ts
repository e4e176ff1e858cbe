/** The assignee choices of every lead form: 'Sin asignar' first, then the sales team by name. */
import { fullName } from '@crm/domain';
import { useSalesTeam } from './useLeadQueries';

/** The select value that stands for "nobody". */
export const UNASSIGNED = 'sin-asignar';

export interface TeamOption {
  value: string;
  label: string;
}

export function useTeamOptions(): TeamOption[] {
  const team = useSalesTeam();
  return [
    { value: UNASSIGNED, label: 'Sin asignar' },
    ...(team.data ?? []).map((user) => ({ value: String(user.id), label: fullName(user.firstName, user.lastName, user.username) })),
  ];
}
