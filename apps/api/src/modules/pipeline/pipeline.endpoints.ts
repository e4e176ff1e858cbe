/**
 * The board ('Embudo', docs/rest-api.md; tRPC `pipeline.*`; docs/leads.md): the first page of each
 * status column, the next pages of one, and the counts alone (an open board's refresh after a
 * lead event, tRPC only). Moving a card is the ordinary lead edit.
 */
import { leadPageSchema, pipelineBoardSchema, pipelineColumnQuerySchema, pipelineCountsSchema, pipelineQuerySchema } from '@crm/domain';
import { WORK_COST, searchesLeads } from '../../endpoints/call-policy.js';
import { endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { pipelineBoard, pipelineColumn, pipelineCounts } from './pipeline.service.js';

export const pipelineEndpoints = [
  endpoint({
    name: 'pipeline.board',
    summary: 'El embudo: cada estado con su cuenta y su primera página',
    description:
      'Los filtros de la lista de leads: `assignedTo`, `category`, `groupId`, `q`, `cf` (campos personalizados), `limit` (por columna, 20 por defecto).',
    permission: 'lead.read',
    cost: (input) => (searchesLeads(input) ? WORK_COST.boardSearch : WORK_COST.board),
    input: pipelineQuerySchema.default({}),
    output: pipelineBoardSchema,
    rest: { method: 'GET', path: '/api/pipeline' },
    trpc: 'query',
    handler: ({ ctx, input }) => pipelineBoard(ctx, input),
  }),
  endpoint({
    name: 'pipeline.counts',
    summary: 'Cuántos leads hay en cada columna del embudo',
    permission: 'lead.read',
    cost: (input) => (searchesLeads(input) ? WORK_COST.boardCountsSearch : WORK_COST.boardCounts),
    input: pipelineQuerySchema.default({}),
    output: pipelineCountsSchema,
    trpc: 'query',
    handler: ({ ctx, input }) => pipelineCounts(ctx, input),
  }),
  endpoint({
    name: 'pipeline.column',
    summary: 'La página siguiente de una columna del embudo',
    description: '`status` y el `cursor` que dio la página anterior, con los mismos filtros.',
    permission: 'lead.read',
    cost: (input) => (searchesLeads(input) ? WORK_COST.search : 0),
    input: pipelineColumnQuerySchema,
    output: leadPageSchema,
    rest: { method: 'GET', path: '/api/pipeline/column' },
    trpc: 'query',
    handler: ({ ctx, input }) => pipelineColumn(ctx, input),
  }),
] as const;

export const pipelineRouter = routerOf(pipelineEndpoints);
