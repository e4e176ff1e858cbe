/**
 * A cell's value as Excel shows it in Spanish: dates dd/mm/aaaa (with HH:MM when the format has the
 * time; a time alone HH:MM), numbers with their format's decimals, grouping, leading zeros and
 * percent, and a decimal comma. Each format code is read once per cell format, by one linear scan.
 */

/** How one cell format shows a number. */
export type CellLook =
  | { kind: 'general' }
  | { kind: 'number'; decimals: number; percent: boolean; grouping: boolean; integerDigits: number }
  | { kind: 'date'; date: boolean; time: boolean };

/** Excel's built-in formats that carry no code in the file (ECMA-376 §18.8.30); the rest of 0–163 are General. */
const BUILT_IN_FORMATS: Record<number, string> = {
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'mm-dd-yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy h:mm',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;[Red](#,##0)',
  39: '#,##0.00;(#,##0.00)',
  40: '#,##0.00;[Red](#,##0.00)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
  48: '##0.0E+0',
  49: '@',
};

/** East Asian Excel's locale-dependent date (27–31, 36, 50–58) and time (32–35) formats. */
function eastAsianBuiltIn(id: number): string | undefined {
  if ((id >= 27 && id <= 31) || id === 36 || (id >= 50 && id <= 58)) return 'yyyy/m/d';
  if (id >= 32 && id <= 35) return 'h:mm';
  return undefined;
}

export function formatCode(id: number, custom: ReadonlyMap<number, string>): string {
  return custom.get(id) ?? BUILT_IN_FORMATS[id] ?? eastAsianBuiltIn(id) ?? 'General';
}

/**
 * The first section of the code (what positive numbers use) without its quoted literals, and the
 * date/time letters found outside quotes, brackets and escapes: d and y are a date, h and s (and
 * the elapsed [h], [m], [s]) a time, m a month unless a time is there.
 */
function scanCode(code: string): { plain: string; date: boolean; time: boolean; month: boolean } {
  let plain = '';
  let date = false;
  let time = false;
  let month = false;
  for (let index = 0; index < code.length; index += 1) {
    const char = code[index] ?? '';
    if (char === ';') break;
    if (char === '"') {
      const end = code.indexOf('"', index + 1);
      index = end === -1 ? code.length : end;
      continue;
    }
    if (char === '\\' || char === '_' || char === '*') {
      index += 1;
      continue;
    }
    if (char === '[') {
      const end = code.indexOf(']', index + 1);
      const inside = code.slice(index + 1, end === -1 ? code.length : end).toLowerCase();
      if (/^(?:h+|m+|s+)$/.test(inside)) time = true;
      index = end === -1 ? code.length : end;
      continue;
    }
    const lower = char.toLowerCase();
    if (lower === 'a' && /^(?:am\/pm|a\/p)/i.test(code.slice(index, index + 5))) {
      time = true;
      index += code[index + 1] === '/' ? 2 : 4;
      continue;
    }
    if (lower === 'd' || lower === 'y') date = true;
    else if (lower === 'h' || lower === 's') time = true;
    else if (lower === 'm') month = true;
    plain += char;
  }
  return { plain, date, time, month };
}

export function cellLook(code: string): CellLook {
  if (code.trim().toLowerCase() === 'general') return { kind: 'general' };
  const { plain, date, time, month } = scanCode(code);
  if (date || time || month) return { kind: 'date', date: date || (month && !time), time };
  if (!/[0#]/.test(plain)) return { kind: 'general' };
  const point = plain.indexOf('.');
  const integerPart = point === -1 ? plain : plain.slice(0, point);
  return {
    kind: 'number',
    decimals: Math.min(20, /^[0#]+/.exec(point === -1 ? '' : plain.slice(point + 1))?.[0].length ?? 0),
    percent: plain.includes('%'),
    grouping: integerPart.includes(','),
    integerDigits: Math.min(21, Math.max(1, integerPart.split('0').length - 1)),
  };
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(decimals: number, grouping: boolean, integerDigits: number): Intl.NumberFormat {
  const key = `${decimals}:${grouping}:${integerDigits}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat('es-ES', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      minimumIntegerDigits: integerDigits,
      useGrouping: grouping ? 'always' : false,
    });
    formatters.set(key, found);
  }
  return found;
}

const general = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 10, useGrouping: false });

function numberText(value: number, look: CellLook): string {
  if (look.kind !== 'number') return general.format(value);
  const text = formatter(look.decimals, look.grouping, look.integerDigits).format(look.percent ? value * 100 : value);
  return look.percent ? `${text} %` : text;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `at`'s UTC fields are what Excel shows. */
function dateText(at: Date, look: { date: boolean; time: boolean }): string {
  const day = `${pad(at.getUTCDate())}/${pad(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}`;
  const clock = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
  if (!look.date) return clock;
  return look.time ? `${day} ${clock}` : day;
}

const DAY_MS = 86_400_000;
/** Excel's last day, 31/12/9999; past it (and below 0) Excel shows '#####' and we show the number. */
const LAST_SERIAL = 2_958_466;

/**
 * A serial day number as the instant whose UTC fields Excel shows: days since 30/12/1899 (Excel's
 * 1900 system, which counts a 29/02/1900 that never was: serials before it are a day later) or since
 * 01/01/1904 (the 1904 system of old Mac workbooks).
 */
function serialDate(serial: number, date1904: boolean): Date | undefined {
  if (!(serial >= 0 && serial < LAST_SERIAL)) return undefined;
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, serial < 60 ? 31 : 30);
  return new Date(epoch + Math.round(serial * DAY_MS));
}

/** A number cell's text (its `<v>`), as its format shows it. */
export function numberCellText(raw: string, look: CellLook, date1904: boolean): string {
  if (raw.trim() === '') return '';
  const value = Number(raw);
  if (!Number.isFinite(value)) return raw;
  if (look.kind === 'date') {
    const at = serialDate(value, date1904);
    if (at) return dateText(at, look);
    return numberText(value, { kind: 'general' });
  }
  return numberText(value, look);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/**
 * An ISO 8601 date cell (`t="d"`), its wall-clock fields as written: the time shows when the
 * format has one, or, without a date format, when it is not midnight.
 */
export function isoCellText(raw: string, look: CellLook): string {
  const parts = ISO_DATE.exec(raw.trim());
  if (!parts) return raw;
  const [, year, month, day, hours = '00', minutes = '00'] = parts;
  const at = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes)));
  if (look.kind === 'date') return dateText(at, { date: look.date || !look.time, time: look.time });
  return dateText(at, { date: true, time: hours !== '00' || minutes !== '00' });
}

/** Excel's escape for characters XML cannot carry: '_x000D_' is a carriage return, '_x005F_' a '_'. */
export function unescapeXstring(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
