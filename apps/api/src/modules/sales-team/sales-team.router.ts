/** tRPC `salesTeam`: list() → User[]; withRoles() → UserWithRoles[] (customRoles: {id, roleId, role: {name, displayName, color}}[]). */
import { procedureFor, router } from '../../trpc/init.js';
import { listSalesTeam, listSalesTeamWithRoles } from './sales-team.service.js';

export const salesTeamRouter = router({
  list: procedureFor('team.read').query(({ ctx }) => listSalesTeam(ctx)),
  withRoles: procedureFor('team.read').query(({ ctx }) => listSalesTeamWithRoles(ctx)),
});
