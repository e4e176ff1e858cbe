/** The dashboard's four cards with their trends against the previous 30 days. */
import { dashboardCounts, revenueInRanges } from '@crm/db';
import {
  type DashboardSummary,
  type DashboardSummaryQuery,
  TREND_WINDOW_DAYS,
  centsAsNumber,
  instantAt,
  trendPercent,
  wallTime,
} from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { loadLeadValuation } from '../settings/team-settings.service.js';

const DAY_MS = 86_400_000;

/** The first instant of `now`'s calendar month on the team's clock. */
function monthStart(now: Date, timeZone: string): Date {
  const { year, month } = wallTime(now, timeZone);
  return instantAt({ year, month, day: 1, hour: 0, minute: 0 }, timeZone);
}

export async function getDashboardSummary(
  ctx: ServiceContext,
  query: DashboardSummaryQuery = { scope: 'team' },
  now: Date = new Date(),
): Promise<DashboardSummary> {
  const assignedTo = query.scope === 'mine' ? ctx.viewer.user.id : undefined;
  const valuation = await loadLeadValuation(ctx);
  const windowStart = new Date(now.getTime() - TREND_WINDOW_DAYS * DAY_MS);
  const previousStart = new Date(now.getTime() - 2 * TREND_WINDOW_DAYS * DAY_MS);
  const [counts, [month = '0.00', window = '0.00', previous = '0.00']] = await Promise.all([
    dashboardCounts(ctx.db, now, assignedTo),
    revenueInRanges(
      ctx.db,
      valuation,
      [
        { from: monthStart(now, valuation.settings.timeZone), to: now },
        { from: windowStart, to: now },
        { from: previousStart, to: windowStart },
      ],
      assignedTo,
    ),
  ]);
  return {
    totalLeads: { value: counts.totalLeads, trend: trendPercent(counts.createdInWindow, counts.createdInPreviousWindow) },
    convertedLeads: { value: counts.convertedLeads, trend: trendPercent(counts.convertedInWindow, counts.convertedInPreviousWindow) },
    // 'Ingresos del Mes': this calendar month's conversions; the trend compares the same 30-day windows as the other cards.
    revenue: { value: month, trend: trendPercent(centsAsNumber(window), centsAsNumber(previous)) },
    teamMembers: { value: counts.teamMembers, active: counts.activeMembers },
  };
}
