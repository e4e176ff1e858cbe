/** tRPC: the Team screen. */
import { addMemberSchema } from '@crm/domain';
import { authedProcedure, procedureFor, router } from '../../trpc/init.js';
import { addTeamMember, listTeam } from './team.service.js';

export const teamRouter = router({
  list: procedureFor('team.read').query(({ ctx }) => listTeam(ctx)),
  addMember: authedProcedure.input(addMemberSchema).mutation(({ ctx, input }) => addTeamMember(ctx, input)),
});
