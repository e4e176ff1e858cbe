/** REST: GET /api/analytics/performance (everyone) and GET /api/analytics/report?period=… (admins). */
import { analyticsQuerySchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import { getAnalyticsReport, getPerformance } from './analytics.service.js';

export const analyticsRestRoutes = [
  authedRoute({
    method: 'GET',
    url: '/api/analytics/performance',
    handler: ({ ctx }) => getPerformance(ctx),
  }),
  authedRoute({
    method: 'GET',
    url: '/api/analytics/report',
    handler: ({ ctx, query }) => getAnalyticsReport(ctx, parseInput(analyticsQuerySchema, query)),
  }),
];
