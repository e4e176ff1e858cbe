/** tRPC: the Team screen. */
import { addMemberSchema } from '@crm/domain';
import { authedProcedure, router } from '../../trpc/init.js';
import { addTeamMember, listTeam } from './team.service.js';

export const teamRouter = router({
  list: authedProcedure.query(({ ctx }) => listTeam(ctx)),
  addMember: authedProcedure.input(addMemberSchema).mutation(({ ctx, input }) => addTeamMember(ctx, input)),
});
