/**
 * tRPC `salesTeam`: the sellers the lead dialogs offer ('Asignar a:', 'Por Usuario', 'Por Especialización').
 * Every user may own leads (managers and admins sell too), so these are the user list itself.
 */
import { authedProcedure, router } from '../../trpc/init.js';
import { listUsers, listUsersWithRoles } from '../users/user-queries.service.js';

export const salesTeamRouter = router({
  list: authedProcedure.query(({ ctx }) => listUsers(ctx)),
  withRoles: authedProcedure.query(({ ctx }) => listUsersWithRoles(ctx)),
});
