/**
 * Conversation tracking (docs/rest-api.md; tRPC `tracking.*`): the 'Seguimiento de Conversación'
 * records and 'Registrar llamada' / 'Registrar mensaje'. Everyone who reads leads may create and
 * update a record; removing one is editing the lead (admin, manager; docs/leads.md).
 */
import {
  deletedSchema,
  idInputSchema,
  idSchema,
  logInteractionSchema,
  trackingFormSchema,
  trackingListQuerySchema,
  trackingRecordSchema,
  updateTrackingSchema,
} from '@crm/domain';
import { z } from 'zod';
import { endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { logLeadInteraction } from './lead-interactions.service.js';
import { createTracking, deleteTrackingRecord, listTrackingRecords, updateTrackingRecord } from './tracking.service.js';

export const trackingEndpoints = [
  endpoint({
    name: 'tracking.list',
    summary: 'Registros de seguimiento de conversación',
    description: '`leadIds` (hasta 1000): solo los de esos leads; sin él, todos.',
    permission: 'lead.read',
    input: trackingListQuerySchema,
    output: z.array(trackingRecordSchema),
    rest: { method: 'GET', path: '/api/conversation-tracking' },
    trpc: 'query',
    handler: ({ ctx, input }) => listTrackingRecords(ctx, input.leadIds),
  }),
  endpoint({
    name: 'tracking.create',
    summary: 'Crea el registro de seguimiento de un lead (409 si ya tiene uno)',
    permission: 'lead.read',
    input: trackingFormSchema,
    output: trackingRecordSchema,
    rest: { method: 'POST', path: '/api/conversation-tracking', status: 201 },
    trpc: 'mutation',
    handler: ({ ctx, input }) => createTracking(ctx, input),
  }),
  endpoint({
    name: 'tracking.update',
    summary: 'Edita un registro de seguimiento',
    permission: 'lead.read',
    input: z.object({ id: idSchema, data: updateTrackingSchema }),
    output: trackingRecordSchema,
    rest: { method: 'PUT', path: '/api/conversation-tracking/:id', bodyKey: 'data' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => updateTrackingRecord(ctx, input.id, input.data),
  }),
  endpoint({
    name: 'tracking.delete',
    summary: 'Elimina un registro de seguimiento',
    permission: 'lead.manage',
    audit: true,
    input: idInputSchema,
    output: deletedSchema,
    rest: { method: 'DELETE', path: '/api/conversation-tracking/:id' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => deleteTrackingRecord(ctx, input.id),
  }),
  endpoint({
    name: 'tracking.logInteraction',
    summary: "Registra una llamada o un mensaje ('Registrar llamada' / 'Registrar mensaje')",
    permission: 'lead.read',
    input: z.object({ leadId: idSchema, interaction: logInteractionSchema }),
    output: trackingRecordSchema,
    rest: { method: 'POST', path: '/api/leads/:leadId/interactions', status: 201, bodyKey: 'interaction' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => logLeadInteraction(ctx, input.leadId, input.interaction),
  }),
] as const;

export const trackingRouter = routerOf(trackingEndpoints);
