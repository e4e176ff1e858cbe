/** Team performance (everyone) and the Analytics screen's period report (admins only). */
import { countLeadsInRanges, countLeadsPerMember, revenueInRanges } from '@crm/db';
import {
  type AnalyticsQuery,
  type AnalyticsReport,
  type PerformanceEntry,
  conversionRate,
  periodRange,
  rankPerformance,
} from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { loadLeadValuation } from '../settings/team-settings.service.js';
import { monthBuckets } from './months.js';

export async function getPerformance(ctx: ServiceContext): Promise<PerformanceEntry[]> {
  requirePermission(ctx, 'team.read');
  return rankPerformance(await countLeadsPerMember(ctx.db, await loadLeadValuation(ctx)));
}

/**
 * The period (domain periodRange, server local time) cut into calendar months: per month the
 * leads created and the conversions that happened in it; its rate is that month's cohort (leads
 * created in it now convertido ÷ leads created in it), so it never passes 100%; the average is the
 * same rate over the whole period, and each member's figures count the leads created in the period.
 */
export async function getAnalyticsReport(ctx: ServiceContext, query: AnalyticsQuery, now: Date = new Date()): Promise<AnalyticsReport> {
  requirePermission(ctx, 'analytics.read');
  const range = periodRange(query, now);
  const buckets = monthBuckets(range.from, range.to);
  const valuation = await loadLeadValuation(ctx);
  const [counts, revenues, [revenue = '0.00'], performance] = await Promise.all([
    countLeadsInRanges(ctx.db, buckets),
    revenueInRanges(ctx.db, valuation, buckets),
    revenueInRanges(ctx.db, valuation, [range]),
    countLeadsPerMember(ctx.db, valuation, range).then(rankPerformance),
  ]);
  const months = buckets.map((bucket, index) => {
    const { created, converted, createdAndConverted } = counts[index] ?? { created: 0, converted: 0, createdAndConverted: 0 };
    return {
      month: bucket.month,
      created,
      converted,
      createdAndConverted,
      conversionRate: conversionRate(createdAndConverted, created),
      revenue: revenues[index] ?? '0.00',
    };
  });
  const sum = (key: 'created' | 'converted' | 'createdAndConverted') => months.reduce((total, month) => total + month[key], 0);
  return {
    from: range.from,
    to: range.to,
    months,
    totals: {
      created: sum('created'),
      converted: sum('converted'),
      createdAndConverted: sum('createdAndConverted'),
      conversionRate: conversionRate(sum('createdAndConverted'), sum('created')),
      revenue,
    },
    performance,
  };
}
