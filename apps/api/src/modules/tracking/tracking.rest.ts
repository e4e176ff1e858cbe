/**
 * REST paths of conversation tracking (docs/rest-api.md): GET/POST /api/conversation-tracking,
 * PUT/DELETE /{id}, and POST /api/leads/{id}/interactions ('Registrar llamada' / 'Registrar mensaje').
 */
import { idSchema, logInteractionSchema, trackingFormSchema, updateTrackingSchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import { logLeadInteraction } from './lead-interactions.service.js';
import { createTracking, deleteTrackingRecord, listTrackingRecords, updateTrackingRecord } from './tracking.service.js';

export const trackingRestRoutes = [
  authedRoute({
    method: 'GET',
    url: '/api/conversation-tracking',
    handler: ({ ctx }) => listTrackingRecords(ctx),
  }),
  authedRoute({
    method: 'POST',
    url: '/api/conversation-tracking',
    body: trackingFormSchema,
    successStatus: 201,
    handler: ({ ctx, body }) => createTracking(ctx, body),
  }),
  authedRoute({
    method: 'PUT',
    url: '/api/conversation-tracking/:id',
    body: updateTrackingSchema,
    handler: ({ ctx, params, body }) => updateTrackingRecord(ctx, parseInput(idSchema, params.id), body),
  }),
  authedRoute({
    method: 'DELETE',
    url: '/api/conversation-tracking/:id',
    handler: ({ ctx, params }) => deleteTrackingRecord(ctx, parseInput(idSchema, params.id)),
  }),
  authedRoute({
    method: 'POST',
    url: '/api/leads/:id/interactions',
    body: logInteractionSchema,
    successStatus: 201,
    handler: ({ ctx, params, body }) => logLeadInteraction(ctx, parseInput(idSchema, params.id), body),
  }),
];
