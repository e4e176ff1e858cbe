/**
 * Workbooks written by Excel (Windows and Mac), Apple Numbers, Google Sheets, WPS and older
 * LibreOffice, from the public SheetJS/test_files corpus (Apache-2.0). They are not in this
 * repository (test/fixtures/workbooks/README.md lists them and where each comes from): the test
 * runs where XLSX_CORPUS_DIR names a folder holding them, and is skipped elsewhere.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { estimateSheetRows } from './import-xlsx-size.js';
import { listSheets, readSheetRecords } from './import-xlsx.js';

const corpus = process.env['XLSX_CORPUS_DIR'] ?? '';

async function firstRows(file: string, sheet: string | undefined, count: number) {
  const rows: { row: number; cells: string[] }[] = [];
  for await (const record of readSheetRecords(join(corpus, file), sheet)) if (rows.push(record) >= count) break;
  return rows;
}

const cases: { file: string; sheets: string[]; rows: [number, string[]][]; estimate: number }[] = [
  {
    file: 'excel-mac-1904.xlsx',
    sheets: ['Sheet1'],
    // Serial 1 in the 1904 system is 02/01/1904, as the sheet's own TEXT() formulas say.
    rows: [
      [1, ['1', '02/01/1904', '1904-01-02', '1904-01-02']],
      [2, ['11', '12/01/1904', '1904-01-12', '1904-01-12']],
    ],
    estimate: 4,
  },
  {
    file: 'excel-mac-crlf.xlsx',
    sheets: ['Sheet1'],
    rows: [
      [1, ['Normal', 'abc\ndef']],
      [2, ['Formula', 'abc\r\ndef']],
    ],
    estimate: 2,
  },
  { file: 'excel-mac-formula-errors.xlsx', sheets: ['Sheet1'], rows: [[1, ['1', '1', '1', '1']]], estimate: 5 },
  {
    file: 'excel-mac-phonetic.xlsx',
    sheets: ['Sheet1'],
    rows: [
      [1, ['漢字']],
      [2, ['漢字withColor']],
    ],
    estimate: 1,
  },
  {
    file: 'excel-windows-text-numbers.xlsx',
    sheets: ['Sheet1', 'Sheet2', 'Sheet3'],
    rows: [
      [1, ['English', 'Hello', 'World']],
      [2, ['Hebrew', 'שלום', 'עולם']],
      [3, []],
      [4, ['1337', '13,37', '1.337,00']],
    ],
    estimate: 4,
  },
  {
    file: 'excel-windows-visibility.xlsx',
    // 'VeryHidden' is never offered; 'Hidden' comes after the visible sheet.
    sheets: ['Visible', 'Hidden'],
    rows: [[1, ['v', 'i', 's', 'i', 'b', 'l', 'e']]],
    estimate: 1,
  },
  {
    file: 'google-sheets-formats.xlsx',
    sheets: ['Sheet1'],
    rows: [
      [1, ['Date', '23/07/2020']],
      [2, ['Date Time', '23/07/2020 09:00']],
      [3, ['Currency', '123,00']],
      [4, ['Percentage', '98,76 %']],
    ],
    estimate: 5,
  },
  {
    file: 'libreoffice-4-numbers.xlsx',
    sheets: ['Sheet1'],
    rows: [[1, ['General', '1', '-1,2', '12,3', '-12,34', '123,45', '-123,456', '1234,567', '-1234,5678', '12345,6789']]],
    estimate: 37,
  },
  {
    file: 'numbers-attendance.xlsx',
    sheets: ['Attendance - Attendance'],
    rows: [
      [1, []],
      [
        2,
        [
          'Date',
          'Ben \nAshley',
          'Tom Brooks',
          'Jimmy Cooney',
          'Sue \nDaniels',
          'Berlinda Fong',
          'Terry Jones',
          'Angelina Little',
          'Linda Smith',
        ],
      ],
      [3, ['01/10/2020', 'FALSO', 'VERDADERO', 'VERDADERO', 'VERDADERO', 'VERDADERO', 'VERDADERO', 'FALSO', 'VERDADERO']],
    ],
    estimate: 24,
  },
  {
    file: 'sheetjs-odd-paths.xlsx',
    sheets: ['SheetJS', 'Hidden'],
    rows: [
      [1, ['1', '200 %', '3']],
      [2, ['VERDADERO', 'FALSO', '', 'sheetjs']],
    ],
    estimate: 5,
  },
  { file: 'wps-write.xlsx', sheets: ['Sheet1'], rows: [[3, ['foo', 'bar', '19/02/2014', '0,3']]], estimate: 3 },
  {
    file: 'xlsx-stream-iso-dates.xlsx',
    sheets: ['Sheet1'],
    rows: [
      [1, ['String', 'てすと', '&\'";<>', '&amp;']],
      [2, ['Integer', '1', '2', '-3']],
      [3, ['Float', '1,5', '0,3', '12345678900000000000000']],
    ],
    estimate: 12,
  },
];

describe.skipIf(corpus === '' || !existsSync(corpus))('workbooks of the SheetJS corpus', () => {
  it.each(cases)('$file', async ({ file, sheets, rows, estimate }) => {
    expect(await listSheets(join(corpus, file))).toEqual(sheets);
    const read = await firstRows(file, undefined, rows.length + 2);
    for (const [row, cells] of rows) expect(read.find((record) => record.row === row)?.cells).toEqual(cells);
    expect(await estimateSheetRows(join(corpus, file), 0, undefined)).toBe(estimate);
  });

  it('reads ISO date cells and the times of built-in formats from xlsx-stream-iso-dates.xlsx', async () => {
    const read = await firstRows('xlsx-stream-iso-dates.xlsx', undefined, 13);
    expect(read.slice(4, 9).map((record) => record.cells)).toEqual([
      ['Date', '14/02/2014'],
      ['2 Decimals Built-in format #2', '1,50'],
      ['Time Built-in format #18', '12:00'],
      ['Percentage Built-in format #9', '50,00 %'],
      ['Percentage Custom format', '50,000 %'],
    ]);
  });
});
