/** REST: GET /api/dashboard/summary, the same cards the tRPC procedure answers. */
import { authedRoute } from '../../rest/route.js';
import { getDashboardSummary } from './dashboard.service.js';

export const dashboardRestRoutes = [
  authedRoute({
    method: 'GET',
    url: '/api/dashboard/summary',
    handler: ({ ctx }) => getDashboardSummary(ctx),
  }),
];
