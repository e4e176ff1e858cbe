/**
 * Reading an .xlsx import: its sheets, and one sheet's rows as Excel shows them.
 *
 * Why our own reader: the registry's `xlsx` (SheetJS 0.18.5, its last release there) has published
 * advisories (CVE-2023-30533 prototype pollution, CVE-2024-22363 ReDoS); exceljs 4.4 (2023) reads
 * through a racy stream and gets real files wrong (shared strings after the sheets, 1904 dates,
 * formula results of 0). So the package is read with two small, maintained, single-purpose
 * libraries: yauzl 3.4 (MIT; random access to the zip, declared sizes enforced; its one advisory,
 * CVE-2026-31988, was 3.2.0's alone) and saxes 6 (ISC; a strict streaming XML parser, which jsdom also
 * relies on; no advisories); exceljs still writes the lead export, nothing else. The xlsx semantics on top are ours and fit in this file (ECMA-376 part 1, §18):
 * - the workbook part is found through `_rels/.rels`, every other part through the workbook's rels,
 *   wherever a writer put them;
 * - sheets are the workbook's worksheets (chart, dialog and macro sheets are never offered);
 *   visible ones first, hidden ones after, 'very hidden' ones (only macros show them) never;
 *   the default is the first visible one;
 * - shared strings are read first whatever their place in the zip, rich-text runs joined and
 *   phonetic (`rPh`) runs skipped; `_x000D_` escapes decoded; entities decoded once, by saxes;
 * - cells: shared (`s`), inline (`inlineStr`), formula text (`str`: its cached result, '0' stays
 *   '0'), booleans, errors, ISO dates (`d`), numbers through their format (xlsx-cell-text.ts) in the
 *   workbook's date system; addressed by `r` or, without it, one after the other; rows likewise.
 * Every bound (xlsx-limits.ts) holds while the bytes stream in, and every row of the sheet is
 * yielded, or the read throws a Spanish 400: it never stops early in silence.
 */
import { DomainError } from '@crm/domain';
import { type CellLook, cellLook, formatCode, isoCellText, numberCellText, unescapeXstring } from './xlsx-cell-text.js';
import { XLSX_LIMITS, XLSX_MESSAGES, xlsxRefusal } from './xlsx-limits.js';
import { attribute, readXmlPart, xmlParser } from './xlsx-xml.js';
import { type WorkbookZip, openWorkbookZip } from './xlsx-zip.js';

export const NOT_A_WORKBOOK = 'El archivo .xlsx no es un libro de Excel válido';
export const SHEET_NOT_FOUND = 'El libro no tiene esa hoja';

export interface SheetRecord {
  /** The row number Excel shows. */
  row: number;
  cells: string[];
}

interface SheetInfo {
  name: string;
  part: string;
  state: string;
}

interface Workbook {
  zip: WorkbookZip;
  /** The worksheets offered, in the order listSheets gives them. */
  sheets: SheetInfo[];
  date1904: boolean;
  styles: string | undefined;
  sharedStrings: string | undefined;
}

interface Relationship {
  type: string;
  part: string;
}

/** A relationship's target as a part name: absolute from the package root, or relative to the source's folder. */
function resolvePart(folder: string, target: string): string {
  const segments = target.startsWith('/') ? [] : folder.split('/').filter(Boolean);
  for (const segment of target.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return segments.join('/');
}

function uriDecoded(target: string): string {
  try {
    return decodeURIComponent(target);
  } catch {
    return target;
  }
}

const folderOf = (part: string) => part.slice(0, part.lastIndexOf('/') + 1);
const relsOf = (part: string) => `${folderOf(part)}_rels/${part.slice(part.lastIndexOf('/') + 1)}.rels`;
/** The last segment of a relationship type: transitional and strict OOXML differ only before it. */
const typeName = (type: string) => type.slice(type.lastIndexOf('/') + 1);

/** The relationships of a part (none when it has no rels part), by id. */
async function relationships(zip: WorkbookZip, part: string): Promise<Map<string, Relationship>> {
  const found = new Map<string, Relationship>();
  const rels = relsOf(part);
  if (!zip.has(rels)) return found;
  await readXmlPart(zip, rels, {
    open(name, attributes) {
      const { Id: id, Type: type = '', Target: target, TargetMode: mode } = attributes;
      if (name !== 'Relationship' || id === undefined || target === undefined || mode === 'External') return;
      // A target is a URI: 'hoja%201.xml' names the part 'hoja 1.xml' (most writers avoid the question).
      const named = resolvePart(folderOf(part), target);
      found.set(id, { type: typeName(type), part: zip.has(named) ? named : resolvePart(folderOf(part), uriDecoded(target)) });
    },
  });
  return found;
}

async function openWorkbook(filePath: string): Promise<Workbook> {
  const zip = await openWorkbookZip(filePath);
  try {
    const root = await relationships(zip, '');
    const workbookPart = [...root.values()].find((relation) => relation.type === 'officeDocument')?.part ?? 'xl/workbook.xml';
    const related = await relationships(zip, workbookPart);
    const sheets: (SheetInfo & { type: string })[] = [];
    let date1904 = false;
    await readXmlPart(zip, workbookPart, {
      open(name, attributes) {
        // Excel also writes an 'x15:workbookPr' (without the date system) further down.
        if (name === 'workbookPr' && attributes['date1904'] !== undefined) date1904 = ['1', 'true'].includes(attributes['date1904']);
        if (name !== 'sheet') return;
        const relation = related.get(attribute(attributes, 'id', true) ?? '');
        if (!relation || attributes['name'] === undefined) return;
        sheets.push({ name: attributes['name'], part: relation.part, state: attributes['state'] ?? 'visible', type: relation.type });
      },
    });
    const worksheets = sheets.filter((sheet) => sheet.type === 'worksheet' && sheet.state !== 'veryHidden');
    const partOfType = (type: string) => [...related.values()].find((relation) => relation.type === type)?.part;
    return {
      zip,
      sheets: [...worksheets.filter((sheet) => sheet.state !== 'hidden'), ...worksheets.filter((sheet) => sheet.state === 'hidden')],
      date1904,
      styles: partOfType('styles'),
      sharedStrings: partOfType('sharedStrings'),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** The zip's and the XML's own errors are one Spanish 400: the upload is no workbook. */
function workbookProblem(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  return new DomainError('BAD_REQUEST', NOT_A_WORKBOOK);
}

async function withWorkbook<T>(filePath: string, read: (workbook: Workbook) => Promise<T>): Promise<T> {
  let workbook: Workbook | undefined;
  try {
    workbook = await openWorkbook(filePath);
    return await read(workbook);
  } catch (error) {
    throw workbookProblem(error);
  } finally {
    workbook?.zip.close();
  }
}

function chosenSheet(workbook: Workbook, sheet: string | undefined): SheetInfo {
  const found = sheet === undefined ? workbook.sheets[0] : workbook.sheets.find((candidate) => candidate.name === sheet);
  if (!found) throw new DomainError('BAD_REQUEST', SHEET_NOT_FOUND);
  return found;
}

/** Runs `read` on the zip and the part of the sheet (the first visible when none is named), then closes the zip. */
export function withSheetPart<T>(
  filePath: string,
  sheet: string | undefined,
  read: (zip: WorkbookZip, part: string) => Promise<T>,
): Promise<T> {
  return withWorkbook(filePath, (workbook) => read(workbook.zip, chosenSheet(workbook, sheet).part));
}

/** The sheet names offered: the worksheets, visible ones first in the workbook's order, then hidden ones. */
export function listSheets(filePath: string): Promise<string[]> {
  return withWorkbook(filePath, (workbook) => Promise.resolve(workbook.sheets.map((sheet) => sheet.name)));
}

/** How each cell format (a cell's `s`) shows numbers. */
async function cellLooks(workbook: Workbook): Promise<CellLook[]> {
  if (!workbook.styles || !workbook.zip.has(workbook.styles)) return [];
  const custom = new Map<number, string>();
  const formatIds: number[] = [];
  let inCellXfs = false;
  let inNumFmts = false;
  await readXmlPart(workbook.zip, workbook.styles, {
    open(name, attributes) {
      // Differential formats (dxf, for conditional formatting) have numFmts of their own: not these.
      if (name === 'numFmts') inNumFmts = true;
      else if (name === 'numFmt' && inNumFmts) custom.set(Number(attributes['numFmtId']), attributes['formatCode'] ?? 'General');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        if (formatIds.length >= XLSX_LIMITS.cellFormats) throw xlsxRefusal(XLSX_MESSAGES.tooManyFormats);
        formatIds.push(Number(attributes['numFmtId'] ?? 0));
      }
      if (custom.size > XLSX_LIMITS.cellFormats) throw xlsxRefusal(XLSX_MESSAGES.tooManyFormats);
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
      else if (name === 'numFmts') inNumFmts = false;
    },
  });
  const looks = new Map<number, CellLook>();
  return formatIds.map((id) => {
    let look = looks.get(id);
    if (!look) {
      look = cellLook(formatCode(id, custom));
      looks.set(id, look);
    }
    return look;
  });
}

/**
 * Collects the text of a string item (`<si>` or a cell's `<is>`): its `<t>`, and its runs' `<t>`,
 * joined; phonetic runs (`<rPh>`, the reading guide of Japanese text) left out.
 */
class StringItem {
  text = '';
  private inText = false;
  private phonetic = 0;

  open(name: string): void {
    if (name === 'rPh') this.phonetic += 1;
    else if (name === 't' && this.phonetic === 0) this.inText = true;
  }

  close(name: string): void {
    if (name === 'rPh') this.phonetic -= 1;
    else if (name === 't') this.inText = false;
  }

  add(text: string): void {
    if (!this.inText) return;
    this.text += text;
    if (this.text.length > XLSX_LIMITS.cellChars) throw xlsxRefusal(XLSX_MESSAGES.cellTooLong);
  }

  /** The text, with Excel's escapes decoded; the item is empty again. */
  take(): string {
    const text = unescapeXstring(this.text);
    this.text = '';
    return text;
  }
}

/** The shared-strings table, bounded in count and characters: the one thing kept whole in memory. */
async function sharedStrings(workbook: Workbook): Promise<string[]> {
  if (!workbook.sharedStrings || !workbook.zip.has(workbook.sharedStrings)) return [];
  const strings: string[] = [];
  let chars = 0;
  let item: StringItem | undefined;
  await readXmlPart(workbook.zip, workbook.sharedStrings, {
    open(name) {
      if (name === 'si') item = new StringItem();
      else item?.open(name);
    },
    close(name) {
      if (name !== 'si' || !item) {
        item?.close(name);
        return;
      }
      const text = item.take();
      chars += text.length;
      if (strings.length >= XLSX_LIMITS.sharedStrings || chars > XLSX_LIMITS.sharedStringChars)
        throw xlsxRefusal(XLSX_MESSAGES.tooManyStrings);
      strings.push(text);
      item = undefined;
    },
    text: (text) => item?.add(text),
  });
  return strings;
}

/** 'AB12' → 28 (A is 1); undefined when the reference has no column letters. */
function columnOf(reference: string): number | undefined {
  let column = 0;
  let index = 0;
  for (; index < reference.length && index < 4; index += 1) {
    const code = reference.charCodeAt(index) & ~0x20;
    if (code < 0x41 || code > 0x5a) break;
    column = column * 26 + (code - 0x40);
  }
  return index === 0 || index > 3 ? undefined : column;
}

function columnName(column: number): string {
  let name = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) name = String.fromCharCode(0x41 + ((rest - 1) % 26)) + name;
  return name;
}

export function positiveInteger(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{1,10}$/.test(text)) return undefined;
  const value = Number(text);
  return value > 0 ? value : undefined;
}

interface SheetContext {
  strings: string[];
  looks: CellLook[];
  date1904: boolean;
}

/** A cell being read: its place, type, format, and the text of its `<v>` or inline string. */
interface Cell {
  column: number;
  type: string;
  look: CellLook;
  value: string;
  inValue: boolean;
  inline: StringItem | undefined;
}

function cellText(cell: Cell, context: SheetContext): string {
  switch (cell.type) {
    case 's': {
      if (cell.value.trim() === '') return '';
      const text = context.strings[Number(cell.value)];
      if (text === undefined) throw new Error(`shared string ${cell.value} missing`);
      return text;
    }
    case 'inlineStr':
      return cell.inline ? cell.inline.take() : unescapeXstring(cell.value);
    case 'str':
      return unescapeXstring(cell.value);
    case 'b':
      if (cell.value === '') return '';
      return cell.value === '1' || cell.value === 'true' ? 'VERDADERO' : 'FALSO';
    case 'e':
      return cell.value;
    case 'd':
      return cell.value === '' ? '' : isoCellText(cell.value, cell.look);
    default:
      // An inline string whose cell forgot its t="inlineStr" is still its text.
      return cell.inline ? cell.inline.take() : numberCellText(cell.value, cell.look, context.date1904);
  }
}

/**
 * The sheet's `<row>`s as they stream in. Only cells with something in them are kept: a row's
 * cells run to its last non-empty one, and an empty cell far to the right costs nothing.
 */
async function* sheetRows(zip: WorkbookZip, part: string, context: SheetContext): AsyncGenerator<SheetRecord> {
  const ready: SheetRecord[] = [];
  const general: CellLook = { kind: 'general' };
  let row: { number: number; cells: string[]; lastColumn: number } | undefined;
  let lastRow = 0;
  let cell: Cell | undefined;
  const parser = xmlParser({
    open(name, attributes) {
      if (name === 'row') {
        const number = attributes['r'] === undefined ? lastRow + 1 : positiveInteger(attributes['r']);
        if (number === undefined) throw new Error('row without a valid number');
        row = { number, cells: [], lastColumn: 0 };
        lastRow = number;
      } else if (name === 'c' && row) {
        const reference = attributes['r'];
        const column = reference === undefined ? row.lastColumn + 1 : columnOf(reference);
        if (column === undefined) throw new Error('cell without a valid reference');
        const style = Number(attributes['s'] ?? 0);
        cell = {
          column,
          type: attributes['t'] ?? 'n',
          look: context.looks[style] ?? general,
          value: '',
          inValue: false,
          inline: undefined,
        };
        row.lastColumn = Math.max(row.lastColumn, column);
      } else if (cell) {
        if (name === 'v') cell.inValue = true;
        else if (name === 'is') cell.inline = new StringItem();
        else cell.inline?.open(name);
      }
    },
    close(name) {
      if (name === 'c' && cell && row) {
        const text = cellText(cell, context);
        if (text !== '') {
          if (cell.column > XLSX_LIMITS.columns) throw xlsxRefusal(XLSX_MESSAGES.tooManyColumns(row.number, columnName(cell.column)));
          row.cells[cell.column - 1] = text;
        }
        cell = undefined;
      } else if (name === 'row' && row) {
        ready.push({ row: row.number, cells: Array.from(row.cells, (text) => text ?? '') });
        row = undefined;
      } else if (cell) {
        if (name === 'v') cell.inValue = false;
        else cell.inline?.close(name);
      }
    },
    text(text) {
      if (!cell) return;
      if (cell.inValue) {
        cell.value += text;
        if (cell.value.length > XLSX_LIMITS.cellChars) throw xlsxRefusal(XLSX_MESSAGES.cellTooLong);
      } else cell.inline?.add(text);
    },
  });
  for await (const chunk of zip.text(part)) {
    parser.write(chunk);
    yield* ready;
    ready.length = 0;
  }
  parser.close();
  yield* ready;
}

/** The records of one sheet (the first visible when none is named), rows as Excel numbers them. */
export async function* readSheetRecords(filePath: string, sheet: string | undefined): AsyncGenerator<SheetRecord> {
  let workbook: Workbook | undefined;
  try {
    workbook = await openWorkbook(filePath);
    const { part } = chosenSheet(workbook, sheet);
    const context = { looks: await cellLooks(workbook), strings: await sharedStrings(workbook), date1904: workbook.date1904 };
    yield* sheetRows(workbook.zip, part, context);
  } catch (error) {
    throw workbookProblem(error);
  } finally {
    workbook?.zip.close();
  }
}
