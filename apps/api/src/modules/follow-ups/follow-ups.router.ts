/**
 * tRPC `followUps` (docs/leads.md, 'Seguimientos'): list({ scope: mine|team, due, done? }) → FollowUp[];
 * create({ leadId, dueAt, note?, ownerId? }); update({ id, dueAt?, note?, done? }); delete({ id });
 * badge() → { count } (the caller's overdue + today).
 */
import { createFollowUpSchema, followUpListQuerySchema, idSchema, updateFollowUpSchema } from '@crm/domain';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/init.js';
import { createFollowUp, deleteFollowUp, followUpBadge, listMyFollowUps, updateFollowUp } from './follow-ups.service.js';

export const followUpsRouter = router({
  list: authedProcedure
    .input(followUpListQuerySchema.default({ scope: 'mine', due: 'all' }))
    .query(({ ctx, input }) => listMyFollowUps(ctx, input)),
  badge: authedProcedure.query(({ ctx }) => followUpBadge(ctx)),
  create: authedProcedure.input(createFollowUpSchema).mutation(({ ctx, input }) => createFollowUp(ctx, input)),
  update: authedProcedure
    .input(z.object({ id: idSchema }).and(updateFollowUpSchema))
    .mutation(({ ctx, input }) => updateFollowUp(ctx, input.id, input)),
  delete: authedProcedure.input(z.object({ id: idSchema })).mutation(({ ctx, input }) => deleteFollowUp(ctx, input.id)),
});
