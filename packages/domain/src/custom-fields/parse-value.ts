/**
 * One custom field's value, from whatever a client, a form or a spreadsheet cell sends, to what is
 * stored (types.ts's CustomFieldValue), or the Spanish reason it is refused. The API, the forms and
 * the import all read values here, so a value means the same wherever it was typed.
 */
import { isIsoDate } from '../format/dates.js';
import { isPlausiblePhone } from '../phones/phone.js';
import type { CustomFieldDefinition, CustomFieldValue } from './types.js';

export const CUSTOM_FIELD_LIMITS = {
  // Short values are indexed (docs/custom-fields.md): a btree entry holds at most ~2,700 bytes.
  text: 500,
  longText: 5000,
  url: 2000,
  email: 254,
  phone: 50,
  // Beyond 15 digits a double cannot round-trip a number; money beyond that is not a lead's.
  number: 1e15,
  money: 1e13,
  options: 100,
  optionLength: 100,
} as const;

export type ParsedValue = { value: CustomFieldValue | null } | { error: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const YES = new Set(['si', 'sí', 'yes', 'y', 's', 'true', '1', 'x', 'verdadero']);
const NO = new Set(['no', 'n', 'false', '0', 'falso']);

/**
 * '1.500,50 €', '$1,500.50', '-3,5', '1.500' → a decimal with '.' (Spanish first: a lone comma is
 * the decimal mark, a dot followed by groups of three is a thousands mark). undefined when it is not a number.
 */
export function decimalText(input: string): string | undefined {
  let text = input.replace(/[€$\s\u00a0]/g, '').replace(/^(EUR|USD)|(EUR|USD)$/gi, '');
  if (!/^-?[\d.,]+$/.test(text) || !/\d/.test(text)) return undefined;
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const thousands = decimal === ',' ? '.' : ',';
    text = text.replaceAll(thousands, '').replace(decimal, '.');
  } else if (lastComma >= 0) {
    text = /^-?\d{1,3}(,\d{3}){2,}$/.test(text) ? text.replaceAll(',', '') : text.replace(',', '.');
  } else if (/^-?\d{1,3}(\.\d{3})+$/.test(text)) {
    text = text.replaceAll('.', '');
  }
  return /^-?\d+(\.\d+)?$/.test(text) ? text : undefined;
}

/** 'YYYY-MM-DD', or the Spanish 'DD/MM/YYYY' ('D-M-YYYY', 'DD.MM.YYYY') → 'YYYY-MM-DD'. */
export function isoDateText(input: string): string | undefined {
  const text = input.trim();
  // A date cell or a timestamp ('2026-03-01T00:00:00'): its calendar day.
  if (/^\d{4}-\d{2}-\d{2}(?:[T ].*)?$/.test(text)) return isIsoDate(text.slice(0, 10)) ? text.slice(0, 10) : undefined;
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!match) return undefined;
  const iso = `${match[3]}-${match[2]?.padStart(2, '0')}-${match[1]?.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : undefined;
}

export function yesNo(input: string): boolean | undefined {
  const text = input.trim().toLowerCase();
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  return undefined;
}

function parseText(value: unknown, max: number): ParsedValue {
  if (typeof value !== 'string') return { error: 'debe ser un texto' };
  if (value.includes('\u0000')) return { error: 'contiene caracteres no válidos' };
  const text = value.trim();
  if (text.length > max) return { error: `máximo ${max} caracteres` };
  return { value: text };
}

function parseNumber(value: unknown, limit: number): ParsedValue {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? decimalText(value) : undefined;
  const number = text === undefined ? Number.NaN : Number(text);
  if (!Number.isFinite(number)) return { error: 'debe ser un número' };
  if (Math.abs(number) >= limit) return { error: 'número demasiado grande' };
  return { value: number };
}

/** Money keeps two decimals as text: never a float on its way to the database. */
function parseMoney(value: unknown): ParsedValue {
  const text =
    typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? decimalText(value) : undefined;
  if (text === undefined || /e/i.test(text)) return { error: 'debe ser un importe' };
  const [whole = '0', fraction = ''] = text.replace(/^-/, '').split('.');
  if (fraction.length > 2) return { error: 'máximo dos decimales' };
  if (whole.replace(/^0+/, '').length > 13) return { error: 'importe demasiado grande' };
  const sign = text.startsWith('-') && /[1-9]/.test(text) ? '-' : '';
  return { value: `${sign}${whole.replace(/^0+(?=\d)/, '')}.${fraction.padEnd(2, '0')}` };
}

function option(definition: CustomFieldDefinition, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const wanted = value.trim().toLowerCase();
  return definition.options.find((known) => known.toLowerCase() === wanted);
}

function parseChoices(definition: CustomFieldDefinition, value: unknown): ParsedValue {
  const items = typeof value === 'string' ? value.split(/[;,|]/).filter((item) => item.trim()) : value;
  if (!Array.isArray(items)) return { error: 'debe ser una lista de opciones' };
  const chosen: string[] = [];
  for (const item of items) {
    const known = option(definition, item);
    if (known === undefined) return { error: `opción desconocida: ${String(item).slice(0, 50)}` };
    if (!chosen.includes(known)) chosen.push(known);
  }
  return { value: chosen.length > 0 ? chosen : null };
}

function parseUrl(value: unknown): ParsedValue {
  const text = parseText(value, CUSTOM_FIELD_LIMITS.url);
  if ('error' in text || text.value === '') return text;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(String(text.value)) ? String(text.value) : `https://${String(text.value)}`;
  try {
    const url = new URL(candidate);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.')) return { error: 'URL inválida' };
    return { value: candidate };
  } catch {
    return { error: 'URL inválida' };
  }
}

function parseByType(definition: CustomFieldDefinition, value: unknown): ParsedValue {
  switch (definition.type) {
    case 'text':
      return parseText(value, CUSTOM_FIELD_LIMITS.text);
    case 'long_text':
      return parseText(value, CUSTOM_FIELD_LIMITS.longText);
    case 'number':
      return parseNumber(value, CUSTOM_FIELD_LIMITS.number);
    case 'money':
      return parseMoney(value);
    case 'date': {
      const date = typeof value === 'string' ? isoDateText(value) : undefined;
      const year = Number(date?.slice(0, 4));
      return date && year >= 1900 && year <= 2100 ? { value: date } : { error: 'fecha inválida (AAAA-MM-DD)' };
    }
    case 'select': {
      const known = option(definition, value);
      return known === undefined ? { error: 'opción desconocida' } : { value: known };
    }
    case 'multi_select':
      return parseChoices(definition, value);
    case 'checkbox': {
      const flag = typeof value === 'boolean' ? value : typeof value === 'string' ? yesNo(value) : undefined;
      return flag === undefined ? { error: 'debe ser sí o no' } : { value: flag };
    }
    case 'url':
      return parseUrl(value);
    case 'email': {
      const text = parseText(value, CUSTOM_FIELD_LIMITS.email);
      if ('error' in text || text.value === '') return text;
      return EMAIL.test(String(text.value)) ? text : { error: 'email inválido' };
    }
    case 'phone': {
      const text = parseText(value, CUSTOM_FIELD_LIMITS.phone);
      if ('error' in text || text.value === '') return text;
      return isPlausiblePhone(String(text.value)) ? text : { error: 'teléfono inválido' };
    }
  }
}

/** null, '' and [] are 'no value' for every type (what clears a field in an edit). */
export function parseCustomFieldValue(definition: CustomFieldDefinition, value: unknown): ParsedValue {
  if (value === null || value === undefined) return { value: null };
  if (typeof value === 'string' && value.trim() === '') return { value: null };
  const parsed = parseByType(definition, value);
  if ('error' in parsed) return parsed;
  return parsed.value === '' ? { value: null } : parsed;
}
