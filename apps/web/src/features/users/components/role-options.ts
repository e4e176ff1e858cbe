/** The roles a caller may give a new user, from the domain rule (a manager: only Vendedor). */
import { type Actor, SYSTEM_ROLES, SYSTEM_ROLE_LABELS, type SystemRole, can } from '@crm/domain';

export function creatableRoleOptions(actor: Actor, labels: Record<SystemRole, string> = SYSTEM_ROLE_LABELS) {
  // Vendedor first: it is the default and the only choice a manager has.
  return [...SYSTEM_ROLES]
    .reverse()
    .filter((role) => can(actor, 'user.create', { id: 0, systemRole: role }))
    .map((role) => ({ value: role, label: labels[role] }));
}
