/** The system role as a coloured badge: Administrador, Manager or Vendedor. */
import { type SystemRole, systemRoleLabel } from '@crm/domain';
import { Badge } from '@mantine/core';

const COLORS: Record<SystemRole, string> = { admin: 'red', manager: 'blue', team_member: 'teal' };

export function SystemRoleBadge({ role }: { role: SystemRole }) {
  return (
    <Badge color={COLORS[role]} variant="light">
      {systemRoleLabel(role)}
    </Badge>
  );
}
