/**
 * CSV export for spreadsheets: the separator the team's locale's Excel expects (';' where the
 * decimal mark is a comma), CRLF rows, a UTF-8 BOM so Excel reads the accents, and a defence
 * against formula injection (OWASP CSV injection).
 */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => unknown;
}

export const CSV_BOM = '\uFEFF';

/** A text cell a spreadsheet would run as a formula gets a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A signed figure such as a phone ('+34 612 345 987'): no letter, so no function, reference or DDE
 * call can hide in it; it is left as typed rather than shown with an apostrophe.
 */
const SIGNED_FIGURE = /^[+-][\d\s().-]*$/;

/** Tab for the errors of a tab-separated import, which come back as the file was. */
export type CsvSeparator = ',' | ';' | '\t';

/** ';' for locales whose decimal mark is a comma (es-ES, es-AR …: Excel there splits on ';'), ',' otherwise. */
export function csvSeparator(locale: string): CsvSeparator {
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
  return decimal === ',' ? ';' : ',';
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  // Real numbers (including negatives) are data, not formulas: only text is defused.
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  // JSON.stringify gives undefined for functions and symbols despite its declared type.
  const text = typeof value === 'string' ? value : ((JSON.stringify(value) as string | undefined) ?? '');
  return FORMULA_START.test(text) && !SIGNED_FIGURE.test(text) ? `'${text}` : text;
}

export function escapeCsvCell(value: unknown, separator: CsvSeparator = ','): string {
  const text = cellText(value);
  const needsQuotes = /["\r\n]/.test(text) || text.includes(separator);
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}
