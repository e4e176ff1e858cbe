/** The assignee filter as the URL spells it: 'yo' (Mis leads), 'nadie' (Sin asignar) or a person's id. */
import type { LeadAssigneeFilter } from '@crm/domain';

export type AssigneeFilter = LeadAssigneeFilter;

export function readAssignee(value: string | null): AssigneeFilter | null {
  if (value === 'yo') return 'me';
  if (value === 'nadie') return 'none';
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function writeAssignee(filter: AssigneeFilter): string {
  if (filter === 'me') return 'yo';
  if (filter === 'none') return 'nadie';
  return String(filter);
}
