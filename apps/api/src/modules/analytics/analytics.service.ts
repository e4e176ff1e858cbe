/** Team performance (everyone) and the Analytics screen's period report (admins, CONTRACT §4). */
import { countLeadsInRanges, listPerformance } from '@crm/db';
import {
  type AnalyticsQuery,
  type AnalyticsReport,
  type PerformanceEntry,
  conversionRate,
  periodRange,
} from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { monthBuckets } from './months.js';

export function getPerformance(ctx: ServiceContext): Promise<PerformanceEntry[]> {
  return listPerformance(ctx.db);
}

/**
 * The period (domain periodRange, server local time) cut into calendar months: per month the
 * leads created and the conversions in it, its rate (converted ÷ created), the period's overall
 * rate as the average, and each member's figures for the leads created in the period.
 */
export async function getAnalyticsReport(
  ctx: ServiceContext,
  query: AnalyticsQuery,
  now: Date = new Date(),
): Promise<AnalyticsReport> {
  const range = periodRange(query, now);
  const buckets = monthBuckets(range.from, range.to);
  const [counts, performance] = await Promise.all([countLeadsInRanges(ctx.db, buckets), listPerformance(ctx.db, range)]);
  const months = buckets.map((bucket, index) => {
    const { created, converted } = counts[index] ?? { created: 0, converted: 0 };
    return { month: bucket.month, created, converted, conversionRate: conversionRate(converted, created) };
  });
  const created = months.reduce((sum, month) => sum + month.created, 0);
  const converted = months.reduce((sum, month) => sum + month.converted, 0);
  return {
    from: range.from,
    to: range.to,
    months,
    totals: { created, converted, conversionRate: conversionRate(converted, created) },
    performance,
  };
}
