/** REST: GET /api/dashboard/summary?scope=mine|team, the same cards the tRPC procedure answers. */
import { dashboardSummaryQuerySchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import { getDashboardSummary } from './dashboard.service.js';

export const dashboardRestRoutes = [
  authedRoute({
    method: 'GET',
    url: '/api/dashboard/summary',
    handler: ({ ctx, query }) => getDashboardSummary(ctx, parseInput(dashboardSummaryQuerySchema, query)),
  }),
];
