/** Search (docs/rest-api.md; tRPC `search.everything`): the Ctrl+K palette's leads, people and groups, five of each. */
import { searchQuerySchema, searchResultsSchema } from '@crm/domain';
import { WORK_COST } from '../../endpoints/call-policy.js';
import { endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { searchEverything } from './search.service.js';

export const searchEndpoints = [
  endpoint({
    name: 'search.everything',
    summary: 'Busca leads, personas y grupos (cinco de cada)',
    description: '`q`: el texto (hasta 100 caracteres), sin tildes ni mayúsculas; un fragmento de teléfono busca por sus dígitos.',
    permission: 'lead.read',
    cost: WORK_COST.quickSearch,
    input: searchQuerySchema,
    output: searchResultsSchema,
    rest: { method: 'GET', path: '/api/search' },
    trpc: 'query',
    handler: ({ ctx, input }) => searchEverything(ctx, input),
  }),
] as const;

export const searchRouter = routerOf(searchEndpoints);
