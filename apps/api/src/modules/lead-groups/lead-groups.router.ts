/**
 * tRPC `leadGroups`: list() → LeadGroup[] (leadCount, assignedRole {id, name, displayName, color} | null),
 * newest first; delete({ id }) → { id, deletedLeads, message } (admin, manager; the group's leads go too).
 */
import { idSchema } from '@crm/domain';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/init.js';
import { deleteGroup, listGroups } from './lead-groups.service.js';

export const leadGroupsRouter = router({
  list: authedProcedure.query(({ ctx }) => listGroups(ctx)),
  delete: authedProcedure.input(z.object({ id: idSchema })).mutation(({ ctx, input }) => deleteGroup(ctx, input.id)),
});
