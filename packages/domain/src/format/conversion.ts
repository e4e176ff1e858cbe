/** Conversion rate and the default value of a converted lead, as the dashboard, team and analytics show them. */

/**
 * A lead's value is its amount, or this when it has none, until the team sets its own 'Valor por
 * conversión' (CONTRACT §5: the spec's figure). The sums are the database's (docs/leads.md).
 */
export const DEFAULT_VALUE_PER_CONVERSION = '1500.00';

/** converted ÷ assigned × 100 to one decimal; 0 when nothing is assigned. */
export function conversionRate(converted: number, assigned: number): number {
  if (!(assigned > 0)) return 0;
  return Math.round((converted / assigned) * 1000) / 10;
}

/** Width of the rate bar in percent: capped at 100, never negative. */
export function conversionBarWidth(rate: number): number {
  if (!Number.isFinite(rate)) return 0;
  return Math.min(100, Math.max(0, rate));
}
