/**
 * Numbers and money in Spanish style. es-ES leaves 4-digit numbers ungrouped by default
 * ('1500'); we force grouping ('1.500') so every amount in a column reads the same.
 * Money follows the team's currency and locale (docs/settings.md): '1.500 €' for es-ES/EUR,
 * '$ 1.500' for es-AR/ARS (the default, the spec's '$'), with no decimals unless given.
 */
import { centsToDecimal, decimalToCents } from './decimal.js';

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

/** The team's currency and the locale its amounts are written in. */
export interface MoneySettings {
  currency: string;
  locale: string;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat({ currency, locale }: MoneySettings, fractionDigits: number, fixed = false): Intl.NumberFormat {
  const key = `${locale}|${currency}|${fractionDigits}|${fixed}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      useGrouping: 'always',
      minimumFractionDigits: fixed ? fractionDigits : 0,
      maximumFractionDigits: fractionDigits,
    });
    moneyFormats.set(key, format);
  }
  return format;
}

/** Intl formats a decimal string exactly (no trip through a float); TypeScript's lib does not say so yet. */
type ExactFormat = (value: number | `${number}`) => string;

/**
 * '1.500 €' (es-ES, EUR), '$ 1.500' (es-AR, ARS); non-finite input shows 0. A decimal string
 * ('1500.50', format/decimal.ts) is shown exactly, with its cents when it has any ('1.500,50 €').
 */
export function formatMoney(value: number | string, settings: MoneySettings, fractionDigits = 0): string {
  if (typeof value === 'string') {
    const cents = decimalToCents(value);
    if (cents === undefined) return formatMoney(0, settings);
    // Cents shown in full ('1.500,50 €', never '1.500,5 €'); whole amounts without them.
    const format = moneyFormat(settings, cents % 100n === 0n ? 0 : 2, true);
    return (format.format as ExactFormat)(centsToDecimal(cents) as `${number}`);
  }
  return moneyFormat(settings, fractionDigits).format(Number.isFinite(value) ? value : 0);
}

/** A percentage with one decimal at most: '12,5%', '100%'. */
export function formatPercent(value: number): string {
  return `${formatNumber(value, 1)}%`;
}
