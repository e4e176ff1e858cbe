/** The sellers the lead dialogs offer ('Asignar a:', 'Por Usuario', 'Por Especialización'): every user. */
import { listUsers, listUsersWithCustomRoles } from '@crm/db';
import type { User, UserWithRoles } from '@crm/domain';
import type { ServiceContext } from '../../context.js';

/** Every user may own leads (managers and admins sell too), so the list is not filtered by role. */
export function listSalesTeam(ctx: ServiceContext): Promise<User[]> {
  return listUsers(ctx.db);
}

export function listSalesTeamWithRoles(ctx: ServiceContext): Promise<UserWithRoles[]> {
  return listUsersWithCustomRoles(ctx.db);
}
