/** tRPC: the dashboard's 'Actividad Reciente'. */
import { recentActivitiesQuerySchema } from '@crm/domain';
import { authedProcedure, router } from '../../trpc/init.js';
import { getRecentActivities } from './activities.service.js';

export const activitiesRouter = router({
  recent: authedProcedure
    .input(recentActivitiesQuerySchema.optional())
    .query(({ ctx, input }) => getRecentActivities(ctx, input ?? recentActivitiesQuerySchema.parse({}))),
});
