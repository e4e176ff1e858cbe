/**
 * Numbers and money in Spanish style. es-ES leaves 4-digit numbers ungrouped by default
 * ('1500'); we force grouping ('1.500') so every amount in a column reads the same.
 * Money is '$' before the figure, as the spec shows it ('$1.500'), with no decimals unless given.
 */
const integerFormat = new Intl.NumberFormat('es-ES', { useGrouping: 'always', maximumFractionDigits: 0 });

function decimalFormat(fractionDigits: number): Intl.NumberFormat {
  return new Intl.NumberFormat('es-ES', {
    useGrouping: 'always',
    minimumFractionDigits: 0,
    maximumFractionDigits: fractionDigits,
  });
}

/** '1.500', '12,5' (up to `fractionDigits` decimals, default 0); non-finite input shows '0'. */
export function formatNumber(value: number, fractionDigits = 0): string {
  const safe = Number.isFinite(value) ? value : 0;
  return fractionDigits > 0 ? decimalFormat(fractionDigits).format(safe) : integerFormat.format(safe);
}

/** '$1.500'; negatives read '-$1.500'. */
export function formatMoney(value: number, fractionDigits = 0): string {
  const safe = Number.isFinite(value) ? value : 0;
  const sign = safe < 0 ? '-' : '';
  return `${sign}$${formatNumber(Math.abs(safe), fractionDigits)}`;
}

/** A percentage with one decimal at most: '12,5%', '100%'. */
export function formatPercent(value: number): string {
  return `${formatNumber(value, 1)}%`;
}
