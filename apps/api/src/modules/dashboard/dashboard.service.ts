/** The dashboard's four cards with their trends against the previous 30 days. */
import { dashboardCounts } from '@crm/db';
import { type DashboardSummary, type DashboardSummaryQuery, revenueFor, trendPercent } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { leadReaderOf } from '../leads/lead-reader.js';

export async function getDashboardSummary(
  ctx: ServiceContext,
  query: DashboardSummaryQuery = { scope: 'team' },
  now: Date = new Date(),
): Promise<DashboardSummary> {
  const counts = await dashboardCounts(ctx.db, await leadReaderOf(ctx), now, query.scope === 'mine' ? ctx.viewer.user.id : undefined);
  const conversionTrend = trendPercent(counts.convertedInWindow, counts.convertedInPreviousWindow);
  return {
    totalLeads: { value: counts.totalLeads, trend: trendPercent(counts.createdInWindow, counts.createdInPreviousWindow) },
    convertedLeads: { value: counts.convertedLeads, trend: conversionTrend },
    // Revenue is proportional to conversions, so its change over the windows is the same percentage.
    revenue: { value: revenueFor(counts.convertedLeads), trend: conversionTrend },
    teamMembers: { value: counts.teamMembers, active: counts.activeMembers },
  };
}
