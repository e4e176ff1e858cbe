/** tRPC `salesTeam`: list() → User[]; withRoles() → UserWithRoles[] (customRoles: {id, roleId, role: {name, displayName, color}}[]). */
import { authedProcedure, router } from '../../trpc/init.js';
import { listSalesTeam, listSalesTeamWithRoles } from './sales-team.service.js';

export const salesTeamRouter = router({
  list: authedProcedure.query(({ ctx }) => listSalesTeam(ctx)),
  withRoles: authedProcedure.query(({ ctx }) => listSalesTeamWithRoles(ctx)),
});
