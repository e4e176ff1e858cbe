/**
 * tRPC `tracking`: list({ leadIds? }) → TrackingRecord[] (every role, like create and update);
 * create(TrackingFormInput) → TrackingRecord (409 when the lead already has one);
 * update({ id, data: UpdateTrackingInput }) → TrackingRecord; delete({ id }) → { id } (admin, manager:
 * everyone may create and update, but removing a record is editing the lead; docs/leads.md);
 * logInteraction({ leadId, interaction }) → TrackingRecord ('Registrar llamada' / 'Registrar mensaje').
 */
import { idSchema, logInteractionSchema, trackingFormSchema, updateTrackingSchema } from '@crm/domain';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/init.js';
import { logLeadInteraction } from './lead-interactions.service.js';
import { createTracking, deleteTrackingRecord, listTrackingRecords, updateTrackingRecord } from './tracking.service.js';

export const trackingRouter = router({
  list: authedProcedure
    .input(z.object({ leadIds: z.array(idSchema).max(1000).optional() }).default({}))
    .query(({ ctx, input }) => listTrackingRecords(ctx, input.leadIds)),
  create: authedProcedure.input(trackingFormSchema).mutation(({ ctx, input }) => createTracking(ctx, input)),
  update: authedProcedure
    .input(z.object({ id: idSchema, data: updateTrackingSchema }))
    .mutation(({ ctx, input }) => updateTrackingRecord(ctx, input.id, input.data)),
  delete: authedProcedure.input(z.object({ id: idSchema })).mutation(({ ctx, input }) => deleteTrackingRecord(ctx, input.id)),
  logInteraction: authedProcedure
    .input(z.object({ leadId: idSchema, interaction: logInteractionSchema }))
    .mutation(({ ctx, input }) => logLeadInteraction(ctx, input.leadId, input.interaction)),
});
