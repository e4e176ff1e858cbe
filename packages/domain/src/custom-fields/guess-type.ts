/**
 * '＋ Crear campo' in the import's mapping: the type a column's values suggest. Numbers, dates,
 * amounts with € or $, yes/no, emails, URLs, phones; a few values repeated → a select of them;
 * anything else text (long text past the indexed length).
 */
import { isPlausiblePhone } from '../phones/phone.js';
import { CUSTOM_FIELD_LIMITS, decimalText, isoDateText, yesNo } from './parse-value.js';
import type { CustomFieldType } from './types.js';

export interface FieldGuess {
  type: CustomFieldType;
  /** A select's choices, in the order the column first shows them. */
  options: string[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_LIKE = /^(https?:\/\/|www\.)\S+\.\S+$/i;
const MONEY_MARK = /[€$]|\b(EUR|USD)\b/i;
/** At most this many distinct values, each repeated on average, make a select. */
const MAX_SELECT_OPTIONS = 12;

const all = (values: readonly string[], test: (value: string) => boolean) => values.every(test);

function looksLikePhone(value: string): boolean {
  // A phone has a + or separators between digit groups; a bare run of digits is a number.
  return isPlausiblePhone(value) && /[+\s().-]/.test(value.trim()) && value.replace(/\D/g, '').length >= 9;
}

export function guessFieldType(column: readonly string[]): FieldGuess {
  const values = column.map((value) => value.trim()).filter(Boolean);
  const text = (type: CustomFieldType): FieldGuess => ({ type, options: [] });
  if (values.length === 0) return text('text');
  if (all(values, (value) => yesNo(value) !== undefined)) return text('checkbox');
  if (all(values, (value) => isoDateText(value) !== undefined)) return text('date');
  if (all(values, looksLikePhone)) return text('phone');
  if (all(values, (value) => decimalText(value) !== undefined)) {
    return values.some((value) => MONEY_MARK.test(value)) ? text('money') : text('number');
  }
  if (all(values, (value) => EMAIL.test(value))) return text('email');
  if (all(values, (value) => URL_LIKE.test(value))) return text('url');
  if (values.some((value) => value.length > CUSTOM_FIELD_LIMITS.text)) return text('long_text');
  const distinct: string[] = [];
  for (const value of values) if (!distinct.some((known) => known.toLowerCase() === value.toLowerCase())) distinct.push(value);
  const repeated = distinct.length < values.length;
  const short = distinct.every((value) => value.length <= CUSTOM_FIELD_LIMITS.optionLength);
  if (repeated && short && distinct.length <= MAX_SELECT_OPTIONS) return { type: 'select', options: distinct };
  return text('text');
}
