/** The sellers the lead dialogs offer ('Asignar a:', 'Por Usuario', 'Por Especialización'): every user. */
import { listUserCustomRoles, listUsers } from '@crm/db';
import type { User, UserWithRoles } from '@crm/domain';
import type { ServiceContext } from '../../context.js';

/** Every user may own leads (managers and admins sell too), so the list is not filtered by role. */
export function listSalesTeam(ctx: ServiceContext): Promise<User[]> {
  return listUsers(ctx.db);
}

export async function listSalesTeamWithRoles(ctx: ServiceContext): Promise<UserWithRoles[]> {
  const [users, rolesByUser] = await Promise.all([listUsers(ctx.db), listUserCustomRoles(ctx.db)]);
  return users.map((user) => ({ ...user, customRoles: rolesByUser.get(user.id) ?? [] }));
}
