/**
 * Counts in Spanish sentences: the number grouped as es-ES writes it ('40.000') and the word in
 * singular or plural by the language's own rule ('1 lead', '0 leads', '2 activos').
 */
import { formatNumber } from './money.js';

const pluralRules = new Intl.PluralRules('es-ES');

/** `one` for a count Spanish reads in singular (1), `other` for the rest: 'importó' / 'importaron'. */
export function pluralWord(count: number, one: string, other: string): string {
  return pluralRules.select(count) === 'one' ? one : other;
}

/** '1 lead', '40.000 leads', '0 activos'. */
export function formatCount(count: number, one: string, other: string): string {
  return `${formatNumber(count)} ${pluralWord(count, one, other)}`;
}
