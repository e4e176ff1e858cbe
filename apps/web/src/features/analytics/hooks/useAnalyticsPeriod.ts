/** The Analytics screen's period choice, and the query input it makes (null while a custom range is incomplete). */
import { type AnalyticsPeriod, type AnalyticsQueryInput, isIsoDate } from '@crm/domain';
import { useState } from 'react';

export type DateRangeValue = [string | null, string | null];

export function useAnalyticsPeriod() {
  const [period, setPeriod] = useState<AnalyticsPeriod>('month');
  const [range, setRange] = useState<DateRangeValue>([null, null]);
  const [from, to] = range;
  let input: AnalyticsQueryInput | null = { period };
  if (period === 'custom') {
    input = from && to && isIsoDate(from) && isIsoDate(to) ? { period, from, to } : null;
  }
  return { period, setPeriod, range, setRange, input };
}
