/** tRPC: performance entries (everyone) and the period report (admins only). */
import { analyticsQuerySchema } from '@crm/domain';
import { procedureFor, router } from '../../trpc/init.js';
import { getAnalyticsReport, getPerformance } from './analytics.service.js';

export const analyticsRouter = router({
  performance: procedureFor('team.read').query(({ ctx }) => getPerformance(ctx)),
  report: procedureFor('analytics.read')
    .input(analyticsQuerySchema)
    .query(({ ctx, input }) => getAnalyticsReport(ctx, input)),
});
