import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ZipPart, repeatedPart, sharedStringsXml, workbookParts, worksheetXml, zipOf } from '../../../test/xlsx-files.js';
import { IMPORT_THREAD_LIMITS } from './import-stage.js';
import { estimateSheetRows } from './import-xlsx-size.js';
import { NOT_A_WORKBOOK, listSheets, readSheetRecords } from './import-xlsx.js';
import { XLSX_MESSAGES } from './xlsx-limits.js';

const MB = 1024 * 1024;
/**
 * Every attack is refused within this much CPU time of the test's process (its inflating threads
 * included). The slowest, a million shared texts parsed before the count bound stops them, takes
 * about 1.1 s; the rest take milliseconds. CPU time rather than the clock: CI's machine is shared by
 * several test files at once, and a loaded moment stretched the clock past any fair bound, while the
 * unbounded reader these attacks aim at ran out of memory, or blocked the server for 23 s.
 */
const QUICKLY_MS = 6_000;

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'crm-xlsx-hostile-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

let made = 0;
async function fileOf(parts: ZipPart[]): Promise<string> {
  made += 1;
  const path = join(folder, `ataque-${made}.xlsx`);
  await writeFile(path, zipOf(parts));
  return path;
}

async function readAll(filePath: string): Promise<number> {
  let rows = 0;
  for await (const _record of readSheetRecords(filePath, undefined)) rows += 1;
  return rows;
}

/** The reading's error and the CPU time it took to come; the heap it grew is checked by the caller. */
async function refusal(read: () => Promise<unknown>): Promise<{ message: string; ms: number }> {
  const started = process.cpuUsage();
  const error = await read().then(
    () => new Error('read through'),
    (caught: unknown) => caught as Error,
  );
  const spent = process.cpuUsage(started);
  return { message: error.message, ms: (spent.user + spent.system) / 1000 };
}

/**
 * The same read in a thread with the import thread's heap limits (read-workbook.worker.ts): one that
 * kept more than its bounds dies of it there. A heap delta in the test's own process counted garbage
 * too, and how much of it depended on when that shared process last collected.
 */
function readInImportThread(filePath: string): Promise<{ rows?: number; refused?: string }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../../../test/read-workbook.worker.ts', import.meta.url), {
      execArgv: ['--import', 'tsx'],
      workerData: filePath,
      resourceLimits: IMPORT_THREAD_LIMITS,
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`thread ended (${code}) without an answer`)));
  });
}

/** Pseudo-random letters: text that deflate can hardly shrink (1.7 times), as a real workbook's. */
function letters(count: number): string {
  let seed = 7;
  return Array.from({ length: count }, () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return String.fromCharCode(97 + (seed % 26));
  }).join('');
}

const sheetHead =
  '<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const sheetTail = '</sheetData></worksheet>';
const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row>';

/** A workbook whose one sheet is `sheet`, and its shared strings `strings` when given. */
const bookOf = (sheet: ZipPart['data'], strings?: ZipPart['data']) =>
  fileOf(workbookParts({ sheets: [{ name: 'Hoja', xml: sheet }], sharedStrings: strings }));

describe('a zip bomb: a small .xlsx whose sheet inflates to 700 MB', () => {
  const bomb = repeatedPart(sheetHead + header, ' ', 700 * MB, sheetTail);

  it('is refused on its declared size before a byte is inflated', async () => {
    const path = await bookOf(bomb);
    expect((await stat(path)).size).toBeLessThan(MB);
    for (const read of [() => readAll(path), () => estimateSheetRows(path, 0, undefined)]) {
      const { message, ms } = await refusal(read);
      expect(message).toBe(XLSX_MESSAGES.partTooLarge);
      expect(ms).toBeLessThan(QUICKLY_MS);
    }
  });

  it('is refused while inflating when its declared size lies', async () => {
    // Declared small, yauzl stops at the declared size; declared plausible, the ratio bound stops it.
    const lied = await refusal(async () => readAll(await bookOf({ ...bomb, declaredSize: 4096 })));
    expect(lied.message).toBe(NOT_A_WORKBOOK);
    expect(lied.ms).toBeLessThan(QUICKLY_MS);
    const counted = await refusal(async () => readAll(await bookOf({ ...bomb, declaredSize: 200 * MB })));
    expect(counted.message).toBe(XLSX_MESSAGES.inflateRatio);
    expect(counted.ms).toBeLessThan(QUICKLY_MS);
  });
});

describe('shared strings that inflate far beyond the file', () => {
  const sheet = worksheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>');
  const stringsHead = sharedStringsXml([]).replace('</sst>', '');

  it('refuses 720 MB of them in a small valid workbook, declared or not', async () => {
    const strings = repeatedPart(stringsHead, '<si><t>texto</t></si>', 720 * MB, '</sst>');
    expect(strings.declaredSize).toBeGreaterThan(700 * MB);
    const declared = await bookOf(sheet, strings);
    expect((await stat(declared)).size).toBeLessThan(2 * MB);
    expect(await refusal(() => readAll(declared))).toMatchObject({ message: XLSX_MESSAGES.partTooLarge });
    // Declared past the compression ratio: refused before inflating. Declared within it: the count
    // of texts stops it while inflating, long before the declared size.
    const ratio = await refusal(async () => readAll(await bookOf(sheet, { ...strings, declaredSize: 200 * MB })));
    expect(ratio.message).toBe(XLSX_MESSAGES.inflateRatio);
    const hidden = await refusal(async () => readAll(await bookOf(sheet, { ...strings, declaredSize: 50 * MB })));
    expect(hidden.message).toBe(XLSX_MESSAGES.tooManyStrings);
    expect(hidden.ms).toBeLessThan(QUICKLY_MS);
  });

  it('refuses more distinct texts than the bound without caching them all', async () => {
    const items = Array.from({ length: 1_200_000 }, (_value, index) => `<si><t>${index.toString(36)}</t></si>`);
    const path = await bookOf(sheet, sharedStringsXml(items));
    const { message, ms } = await refusal(() => readAll(path));
    expect(message).toBe(XLSX_MESSAGES.tooManyStrings);
    expect(ms).toBeLessThan(QUICKLY_MS);
    expect(await readInImportThread(path)).toEqual({ refused: XLSX_MESSAGES.tooManyStrings });
  });

  it('refuses more characters than the bound in texts that hardly compress', async () => {
    const path = await bookOf(sheet, repeatedPart(stringsHead, `<si><t>${letters(60_000)}</t></si>`, 40 * MB, '</sst>'));
    const { message, ms } = await refusal(() => readAll(path));
    expect(message).toBe(XLSX_MESSAGES.tooManyStrings);
    expect(ms).toBeLessThan(QUICKLY_MS);
  });
});

describe('content crafted to make a parser work in the square of its size', () => {
  it('refuses a 2 KB file of a million characters of unclosed tags at once', async () => {
    // Under a megabyte inflated, so the ratio bound lets the parser see it: what the old regular
    // expression (/<sheet\s[^>]*>/g) scanned to the end from each '<sheet ', saxes stops at the second.
    const workbook = `<workbook><sheets>${'<sheet '.repeat(140_000)}`;
    const path = await fileOf([{ name: 'xl/workbook.xml', data: workbook }]);
    expect((await stat(path)).size).toBeLessThan(2.5 * 1024);
    const { message, ms } = await refusal(() => listSheets(path));
    expect(message).toBe(NOT_A_WORKBOOK);
    expect(ms).toBeLessThan(QUICKLY_MS);
  });

  it('refuses an attribute or a text longer than the token bound', async () => {
    const long = letters(1.5 * MB);
    const name = `<workbook><sheets><sheet name="${long}`;
    const text = worksheetXml(`<row r="1"><c r="A1" t="inlineStr"><is><t>${long}</t></is></c></row>`);
    for (const path of [await fileOf([{ name: 'xl/workbook.xml', data: name }]), await bookOf(text)]) {
      const { message, ms } = await refusal(() => readAll(path));
      expect(message).toBe(XLSX_MESSAGES.tokenTooLong);
      expect(ms).toBeLessThan(QUICKLY_MS);
    }
  });

  it('refuses a DOCTYPE and its entities', async () => {
    const entities = `<?xml version="1.0"?><!DOCTYPE workbook [<!ENTITY a "${'x'.repeat(100)}"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><workbook>&b;</workbook>`;
    const path = await fileOf([{ name: 'xl/workbook.xml', data: entities }]);
    expect(await refusal(() => listSheets(path))).toMatchObject({ message: NOT_A_WORKBOOK });
  });
});

describe('a sheet of 20,000 rows 16,384 columns wide', () => {
  const wide = (cell: (row: number) => string) => {
    const rows = Array.from(
      { length: 20_000 },
      (_value, index) => `<row r="${index + 2}"><c r="A${index + 2}"><v>${index}</v></c>${cell(index + 2)}</row>`,
    );
    return worksheetXml(header + rows.join(''));
  };

  it('is refused at the first value past the column bound', async () => {
    const path = await bookOf(wide((row) => `<c r="XFD${row}"><v>1</v></c>`));
    expect((await stat(path)).size).toBeLessThan(256 * 1024);
    const { message, ms } = await refusal(() => readAll(path));
    expect(message).toBe(XLSX_MESSAGES.tooManyColumns(2, 'XFD'));
    expect(ms).toBeLessThan(QUICKLY_MS);
  });

  it('reads every row when the far cells are empty, never materialising them', async () => {
    const path = await bookOf(wide((row) => `<c r="XFD${row}" s="3"/>`));
    const started = performance.now();
    let widest = 0;
    let rows = 0;
    for await (const record of readSheetRecords(path, undefined)) {
      rows += 1;
      widest = Math.max(widest, record.cells.length);
    }
    expect(rows).toBe(20_001);
    expect(widest).toBe(1);
    expect(performance.now() - started).toBeLessThan(QUICKLY_MS);
  });
});

it('refuses a zip of more parts than the bound', async () => {
  const parts = Array.from({ length: 10_001 }, (_value, index) => ({
    name: `xl/media/p${index}.bin`,
    data: { deflated: deflateRawSync(''), declaredSize: 0, crc: 0 },
  }));
  const { message, ms } = await refusal(async () => listSheets(await fileOf(parts)));
  expect(message).toBe(XLSX_MESSAGES.tooManyEntries);
  expect(ms).toBeLessThan(QUICKLY_MS);
});
