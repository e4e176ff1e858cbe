/** tRPC: performance entries (everyone) and the period report (admins only). */
import { analyticsQuerySchema } from '@crm/domain';
import { authedProcedure, router } from '../../trpc/init.js';
import { getAnalyticsReport, getPerformance } from './analytics.service.js';

export const analyticsRouter = router({
  performance: authedProcedure.query(({ ctx }) => getPerformance(ctx)),
  report: authedProcedure.input(analyticsQuerySchema).query(({ ctx, input }) => getAnalyticsReport(ctx, input)),
});
