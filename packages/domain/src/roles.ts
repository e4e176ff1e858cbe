/** System roles: what is stored, how it is shown, and how loose input is read. */
export const SYSTEM_ROLES = ['admin', 'manager', 'team_member'] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

export const SYSTEM_ROLE_LABELS: Record<SystemRole, string> = {
  admin: 'Administrador',
  manager: 'Manager',
  team_member: 'Vendedor',
};

/** The spec's rule: anything other than admin or manager reads as Vendedor. */
export function normalizeSystemRole(value: unknown): SystemRole {
  return value === 'admin' || value === 'manager' ? value : 'team_member';
}

export function systemRoleLabel(value: unknown): string {
  return SYSTEM_ROLE_LABELS[normalizeSystemRole(value)];
}
