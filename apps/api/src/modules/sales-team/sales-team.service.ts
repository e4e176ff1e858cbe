/** The sellers the lead dialogs offer ('Asignar a:', 'Por Usuario', 'Por Especialización'): every user. */
import { listUserCustomRoles, listUsers } from '@crm/db';
import type { User, UserWithRoles } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';

/** Every user may own leads (managers and admins sell too), so the list is not filtered by role. */
export function listSalesTeam(ctx: ServiceContext): Promise<User[]> {
  requirePermission(ctx, 'team.read');
  return listUsers(ctx.db);
}

export async function listSalesTeamWithRoles(ctx: ServiceContext): Promise<UserWithRoles[]> {
  requirePermission(ctx, 'team.read');
  const [users, rolesByUser] = await Promise.all([listUsers(ctx.db), listUserCustomRoles(ctx.db)]);
  return users.map((user) => ({ ...user, customRoles: rolesByUser.get(user.id) ?? [] }));
}
