/** REST: GET /api/search?q= → { leads, users, groups } (five of each). */
import { searchQuerySchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import { searchEverything } from './search.service.js';

export const searchRestRoutes = [
  authedRoute({
    method: 'GET',
    url: '/api/search',
    handler: ({ ctx, query }) => searchEverything(ctx, parseInput(searchQuerySchema, query)),
  }),
];
