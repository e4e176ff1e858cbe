/**
 * Money as exact decimals (docs/leads.md, 'Valor del trato'): amounts travel as strings such as
 * '1500.50' and are added up as integer cents (bigint), never as binary floats, so 0.10 + 0.20 is 0.30.
 */

/** At most 12 whole digits and 2 decimals: what numeric(14,2) holds. */
export const AMOUNT_PATTERN = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/** '1500.5' → 150050n; undefined when the text is not a plain non-negative decimal. */
export function decimalToCents(value: string): bigint | undefined {
  const match = AMOUNT_PATTERN.exec(value);
  if (!match) return undefined;
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** 150050n → '1500.50' (always two decimals, the database's own spelling of numeric(14,2)). */
export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const absolute = negative ? -cents : cents;
  const whole = absolute / 100n;
  const fraction = (absolute % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** The canonical spelling of a stored amount ('1500' → '1500.00'); the text itself when it is not one. */
export function canonicalDecimal(value: string): string {
  const cents = decimalToCents(value);
  return cents === undefined ? value : centsToDecimal(cents);
}

/** Orders two decimal strings by value (for sorting a column of amounts); unreadable ones count as 0. */
export function compareDecimals(a: string, b: string): number {
  const difference = (decimalToCents(a) ?? 0n) - (decimalToCents(b) ?? 0n);
  return difference === 0n ? 0 : difference > 0n ? 1 : -1;
}

/** How many hundredths a decimal string holds, as a number: for ratios (a trend's percentage), never for money shown. */
export function centsAsNumber(value: string): number {
  return Number(decimalToCents(value) ?? 0n);
}
