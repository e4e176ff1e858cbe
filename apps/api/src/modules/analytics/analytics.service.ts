/** Team performance (everyone) and the Analytics screen's period report (admins, CONTRACT §4). */
import { countConvertedByMonth, countCreatedByMonth, listPerformance } from '@crm/db';
import {
  type AnalyticsQuery,
  type AnalyticsReport,
  type PerformanceEntry,
  conversionRate,
  periodRange,
} from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { monthsBetween } from './months.js';

export function getPerformance(ctx: ServiceContext): Promise<PerformanceEntry[]> {
  return listPerformance(ctx.db);
}

/** The server's time zone: periodRange and the month buckets both read it, so they agree. */
function serverTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export async function getAnalyticsReport(
  ctx: ServiceContext,
  query: AnalyticsQuery,
  now: Date = new Date(),
): Promise<AnalyticsReport> {
  const range = periodRange(query, now);
  const timeZone = serverTimeZone();
  const [created, converted, performance] = await Promise.all([
    countCreatedByMonth(ctx.db, range, timeZone),
    countConvertedByMonth(ctx.db, range, timeZone),
    listPerformance(ctx.db, range),
  ]);
  const createdByMonth = new Map(created.map((row) => [row.month, row.count]));
  const convertedByMonth = new Map(converted.map((row) => [row.month, row.count]));
  const months = monthsBetween(range.from, range.to).map((month) => {
    const createdCount = createdByMonth.get(month) ?? 0;
    const convertedCount = convertedByMonth.get(month) ?? 0;
    return { month, created: createdCount, converted: convertedCount, conversionRate: conversionRate(convertedCount, createdCount) };
  });
  const totalCreated = created.reduce((sum, row) => sum + row.count, 0);
  const totalConverted = converted.reduce((sum, row) => sum + row.count, 0);
  return {
    from: range.from,
    to: range.to,
    months,
    totals: { created: totalCreated, converted: totalConverted, conversionRate: conversionRate(totalConverted, totalCreated) },
    performance,
  };
}
