/** GET /api/leads/{id}/history: the lead's timeline, newest first (docs/rest-api.md). */
import { idSchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import { getWholeLeadHistory } from './lead-history.service.js';

export const leadHistoryRestRoutes = [
  authedRoute({
    method: 'GET',
    url: '/api/leads/:id/history',
    handler: ({ ctx, params }) => getWholeLeadHistory(ctx, parseInput(idSchema, params.id)),
  }),
];
