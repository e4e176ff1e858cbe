/** The Team screen: every user with their lead figures and real presence (En línea while a live connection is open). */
import { lastSeenByUser, leadFiguresByAssignee, listOnlineUserIds, listUsers } from '@crm/db';
import { type AddMember, type TeamMember, type User, conversionRate } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { addMember } from '../users/user-creation.service.js';

export async function listTeam(ctx: ServiceContext): Promise<TeamMember[]> {
  requirePermission(ctx, 'team.read');
  const [users, figures, online, lastSeen] = await Promise.all([
    listUsers(ctx.db),
    leadFiguresByAssignee(ctx.db),
    listOnlineUserIds(ctx.db),
    lastSeenByUser(ctx.db),
  ]);
  const onlineIds = new Set(online);
  return users.map((user) => {
    const { assigned, converted } = figures.get(user.id) ?? { assigned: 0, converted: 0 };
    return {
      ...user,
      assigned,
      converted,
      conversionRate: conversionRate(converted, assigned),
      online: onlineIds.has(user.id),
      lastSeenAt: lastSeen.get(user.id) ?? null,
    };
  });
}

/** 'Agregar Miembro': the same creation (and rules) as user management. */
export function addTeamMember(ctx: ServiceContext, input: AddMember): Promise<User> {
  return addMember(ctx, input);
}
