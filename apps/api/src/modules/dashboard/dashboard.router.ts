/** tRPC: the dashboard's summary cards (every signed-in user sees the dashboard). */
import { dashboardSummaryQuerySchema } from '@crm/domain';
import { authedProcedure, router } from '../../trpc/init.js';
import { getDashboardSummary } from './dashboard.service.js';

export const dashboardRouter = router({
  summary: authedProcedure
    .input(dashboardSummaryQuerySchema.default({ scope: 'team' }))
    .query(({ ctx, input }) => getDashboardSummary(ctx, input)),
});
