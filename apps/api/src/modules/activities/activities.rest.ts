/** REST: GET /api/activities/recent[?limit=N]. */
import { recentActivitiesQuerySchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import { getRecentActivities } from './activities.service.js';

export const activitiesRestRoutes = [
  authedRoute({
    method: 'GET',
    url: '/api/activities/recent',
    handler: ({ ctx, query }) => getRecentActivities(ctx, parseInput(recentActivitiesQuerySchema, query)),
  }),
];
