/** tRPC: the dashboard's summary cards (every signed-in user sees the dashboard). */
import { authedProcedure, router } from '../../trpc/init.js';
import { getDashboardSummary } from './dashboard.service.js';

export const dashboardRouter = router({
  summary: authedProcedure.query(({ ctx }) => getDashboardSummary(ctx)),
});
