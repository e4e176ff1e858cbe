/**
 * A lead's timeline (docs/leads.md, 'Historial'), newest first: REST answers it whole (the latest
 * 5,000 entries), tRPC `leadHistory.list` pages through all of it.
 */
import { idInputSchema, leadHistoryEntrySchema, leadHistoryPageSchema, leadHistoryQuerySchema } from '@crm/domain';
import { z } from 'zod';
import { endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { getLeadHistory, getWholeLeadHistory } from './lead-history.service.js';

export const leadHistoryEndpoints = [
  endpoint({
    name: 'leadHistory.whole',
    summary: 'El historial de un lead, el más nuevo primero',
    description: 'Las últimas 5.000 entradas; tRPC `leadHistory.list` las pagina todas.',
    permission: 'lead.read',
    input: idInputSchema,
    output: z.array(leadHistoryEntrySchema),
    rest: { method: 'GET', path: '/api/leads/:id/history' },
    handler: ({ ctx, input }) => getWholeLeadHistory(ctx, input.id),
  }),
  endpoint({
    name: 'leadHistory.list',
    summary: 'El historial de un lead, una página, el más nuevo primero',
    description: '`nextCursor` vuelve como `cursor`; `limit` hasta 200 (50 por defecto).',
    permission: 'lead.read',
    input: leadHistoryQuerySchema,
    output: leadHistoryPageSchema,
    trpc: 'query',
    handler: ({ ctx, input }) => getLeadHistory(ctx, input),
  }),
] as const;

export const leadHistoryRouter = routerOf(leadHistoryEndpoints);
