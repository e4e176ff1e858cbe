/** Reads for user management and role management: the user list, role counts, users with roles. */
import { countUsersByRole, listUserCustomRoles, listUsers as listUserRows } from '@crm/db';
import type { User, UserRoleCounts, UserWithRoles } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';

export function listUsers(ctx: ServiceContext): Promise<User[]> {
  requirePermission(ctx, 'team.read');
  return listUserRows(ctx.db);
}

export function roleCounts(ctx: ServiceContext): Promise<UserRoleCounts> {
  requirePermission(ctx, 'team.read');
  return countUsersByRole(ctx.db);
}

export async function listUsersWithRoles(ctx: ServiceContext): Promise<UserWithRoles[]> {
  requirePermission(ctx, 'team.read');
  const [users, assignments] = await Promise.all([listUserRows(ctx.db), listUserCustomRoles(ctx.db)]);
  return users.map((user) => ({ ...user, customRoles: assignments.get(user.id) ?? [] }));
}
