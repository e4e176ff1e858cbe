/** Conversion rate and estimated revenue (1500 per converted lead), as the dashboard, team and analytics show them. */

export const REVENUE_PER_CONVERSION = 1500;

/** converted ÷ assigned × 100 to one decimal; 0 when nothing is assigned. */
export function conversionRate(converted: number, assigned: number): number {
  if (!(assigned > 0)) return 0;
  return Math.round((converted / assigned) * 1000) / 10;
}

export function revenueFor(converted: number): number {
  return converted * REVENUE_PER_CONVERSION;
}

/** Width of the rate bar in percent: capped at 100, never negative. */
export function conversionBarWidth(rate: number): number {
  if (!Number.isFinite(rate)) return 0;
  return Math.min(100, Math.max(0, rate));
}
