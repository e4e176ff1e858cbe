/** The system role as a coloured badge: Administrador, Manager or Vendedor. */
import { type SystemRole, systemRoleLabel } from '@crm/domain';
import { Badge } from '@mantine/core';

const COLORS: Record<SystemRole, string> = { admin: 'red', manager: 'blue', team_member: 'teal' };

/** `compact`: smaller and in normal case, for dense tables. */
export function SystemRoleBadge({ role, compact = false }: { role: SystemRole; compact?: boolean }) {
  return (
    <Badge color={COLORS[role]} variant="light" size={compact ? 'sm' : 'md'} tt={compact ? 'none' : undefined}>
      {systemRoleLabel(role)}
    </Badge>
  );
}
