/**
 * Reading an .xlsx import with exceljs's streaming reader (MIT): rows arrive as the zip is
 * read, so memory stays flat whatever the size. Cells read as Excel shows them in Spanish:
 * dates as dd/mm/aaaa (with the time when the format has one), numbers with their format's
 * decimals and a decimal comma, formulas as their result.
 */
import { createReadStream } from 'node:fs';
import ExcelJS from 'exceljs';
import { DomainError } from '@crm/domain';

export const NOT_A_WORKBOOK = 'El archivo .xlsx no es un libro de Excel válido';
export const SHEET_NOT_FOUND = 'El libro no tiene esa hoja';

export interface SheetRecord {
  /** The row number Excel shows. */
  row: number;
  cells: string[];
}

const pad = (value: number) => String(value).padStart(2, '0');

/** exceljs gives a date cell as the instant whose UTC fields are what Excel shows. */
function dateText(date: Date, numFmt: string | undefined): string {
  const day = `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
  const hasTime = /h|ss/i.test((numFmt ?? '').replace(/"[^"]*"/g, ''));
  return hasTime ? `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}` : day;
}

function numberText(value: number, numFmt: string | undefined): string {
  const format = (numFmt ?? 'General').replace(/"[^"]*"/g, '').split(';')[0] ?? '';
  if (format === 'General' || !/[0#]/.test(format)) {
    return new Intl.NumberFormat('es-ES', { maximumFractionDigits: 10, useGrouping: false }).format(value);
  }
  const decimals = /\.([0#]+)/.exec(format)?.[1]?.length ?? 0;
  const percent = format.includes('%');
  const text = new Intl.NumberFormat('es-ES', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: format.includes(',') ? 'always' : false,
  }).format(percent ? value * 100 : value);
  return percent ? `${text} %` : text;
}

function valueText(value: ExcelJS.CellValue, numFmt: string | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value, numFmt);
  if (typeof value === 'number') return numberText(value, numFmt);
  if (typeof value === 'boolean') return value ? 'VERDADERO' : 'FALSO';
  if (typeof value === 'string') return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return valueText((value as ExcelJS.CellFormulaValue).result, numFmt);
  if ('hyperlink' in value) return valueText(value.text, numFmt);
  if ('error' in value) return value.error;
  return '';
}

function recordOf(row: ExcelJS.Row): string[] {
  const cells: string[] = [];
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    cells[column - 1] = valueText(cell.value, cell.numFmt);
  });
  return Array.from(cells, (cell) => cell ?? '');
}

function workbookReader(filePath: string) {
  return new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(filePath), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
}

/** exceljs's zip and XML errors are one Spanish 400: the upload is no workbook. */
function workbookProblem(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  return new DomainError('BAD_REQUEST', NOT_A_WORKBOOK);
}

/**
 * exceljs 4.4's streaming reader now and then parses the workbook part (xl/workbook.xml) as empty,
 * a race in its stream handling: the sheet names come back missing and reading a sheet fails on
 * `model.sheets`. The same file reads fine the next time, so a read that failed that way before
 * giving anything is tried again.
 */
const READ_ATTEMPTS = 3;

function isWorkbookPartRace(error: unknown): boolean {
  return error instanceof TypeError && error.message.includes("'sheets'");
}

async function listSheetsOnce(filePath: string): Promise<string[]> {
  const reader = workbookReader(filePath);
  for await (const _worksheet of reader) {
    // The workbook part (with every sheet's name) comes before the sheets in files Excel writes.
    const model = (reader as unknown as { model?: { sheets?: { name: string }[] } }).model;
    return (model?.sheets ?? []).map((sheet) => sheet.name);
  }
  return [];
}

/** The workbook's sheet names, in the workbook's order. */
export async function listSheets(filePath: string): Promise<string[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const sheets = await listSheetsOnce(filePath);
      // Every workbook has a sheet: none is the race above.
      if (sheets.length > 0 || attempt >= READ_ATTEMPTS) return sheets;
    } catch (error) {
      // The race can also surface as the error reading a sheet gives: tried again the same way.
      if (attempt >= READ_ATTEMPTS || !isWorkbookPartRace(error)) throw workbookProblem(error);
    }
  }
}

async function* readSheetRecordsOnce(filePath: string, sheet: string | undefined): AsyncGenerator<SheetRecord> {
  let found = false;
  for await (const worksheet of workbookReader(filePath)) {
    const reader = worksheet as unknown as ExcelJS.Worksheet & AsyncIterable<ExcelJS.Row>;
    if (sheet !== undefined && reader.name !== sheet) {
      // A sheet the reader emits is read through even when it is not the one wanted.
      for await (const _row of reader);
      continue;
    }
    found = true;
    for await (const row of reader) yield { row: row.number, cells: recordOf(row) };
    break;
  }
  if (!found) throw new DomainError('BAD_REQUEST', SHEET_NOT_FOUND);
}

/** The records of one sheet (the first when none is named), rows as Excel numbers them. */
export async function* readSheetRecords(filePath: string, sheet: string | undefined): AsyncGenerator<SheetRecord> {
  for (let attempt = 1; ; attempt += 1) {
    let given = false;
    try {
      for await (const record of readSheetRecordsOnce(filePath, sheet)) {
        given = true;
        yield record;
      }
      return;
    } catch (error) {
      if (given || attempt >= READ_ATTEMPTS || !isWorkbookPartRace(error)) throw workbookProblem(error);
    }
  }
}
