/** Reads for user management and role management: the user list, role counts, users with roles. */
import { countUsersByRole, listUserCustomRoles, listUsers as listUserRows } from '@crm/db';
import type { User, UserRoleCounts, UserWithRoles } from '@crm/domain';
import type { ServiceContext } from '../../context.js';

export function listUsers(ctx: ServiceContext): Promise<User[]> {
  return listUserRows(ctx.db);
}

export function roleCounts(ctx: ServiceContext): Promise<UserRoleCounts> {
  return countUsersByRole(ctx.db);
}

export async function listUsersWithRoles(ctx: ServiceContext): Promise<UserWithRoles[]> {
  const [users, assignments] = await Promise.all([listUserRows(ctx.db), listUserCustomRoles(ctx.db)]);
  return users.map((user) => ({ ...user, customRoles: assignments.get(user.id) ?? [] }));
}
