/**
 * CSV export for spreadsheets: comma-separated, CRLF rows, a UTF-8 BOM so Excel reads the
 * accents, and a defence against formula injection (OWASP CSV injection).
 */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => unknown;
}

export const CSV_BOM = '\uFEFF';

/** A text cell a spreadsheet would run as a formula gets a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  // Real numbers (including negatives) are data, not formulas: only text is defused.
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  // JSON.stringify gives undefined for functions and symbols despite its declared type.
  const text = typeof value === 'string' ? value : ((JSON.stringify(value) as string | undefined) ?? '');
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function escapeCsvCell(value: unknown): string {
  const text = cellText(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
