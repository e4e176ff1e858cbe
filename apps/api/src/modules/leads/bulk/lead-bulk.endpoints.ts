/**
 * Bulk actions on leads (docs/rest-api.md; tRPC `leadBulk.run`): assign, distribute, status, group
 * or delete, on listed ids or on every lead a filter matches. A Vendedor may only move statuses,
 * lead by lead; the other actions need what their single-lead form needs (checked by the service).
 */
import { leadBulkResultSchema, leadBulkSchema } from '@crm/domain';
import { endpoint } from '../../../endpoints/endpoint.js';
import { routerOf } from '../../../endpoints/trpc-adapter.js';
import { runLeadBulk } from './lead-bulk.service.js';

export const leadBulkEndpoints = [
  endpoint({
    name: 'leadBulk.run',
    summary: 'Una acción sobre muchos leads a la vez',
    description:
      '`action`: `assign`, `distribute`, `status`, `group`, `addTag`, `removeTag` (con `tagId`) o `delete`; sobre `ids` o sobre todos los que coinciden con `filter`. Responde cuántos cambió, cuántos saltó y por qué.',
    permission: 'lead.read',
    cost: 5,
    audit: true,
    input: leadBulkSchema,
    output: leadBulkResultSchema,
    rest: { method: 'POST', path: '/api/leads/bulk' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => runLeadBulk(ctx, input),
  }),
] as const;

export const leadBulkRouter = routerOf(leadBulkEndpoints);
