/**
 * An import job's file: how it is read (kept with the job as `source`), its first rows for the
 * preview, and its bytes kept in the database in chunks, so whichever replica runs the job can
 * read it back into a temporary file of its own.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { type Db, appendImportJobChunk, readImportJobChunk } from '@crm/db';
import { type Delimiter, csvProblem, detectDelimiter, readRecords } from './import-csv.js';
import type { ImportUpload, TextEncoding } from './import-upload.js';
import { type SheetRecord, listSheets, readSheetRecords } from './import-xlsx.js';

interface CsvSource {
  format: 'csv';
  encoding: TextEncoding;
  delimiter: Delimiter;
  headers: string[];
}

interface XlsxSource {
  format: 'xlsx';
  /** The sheet read; undefined reads the first. */
  sheet: string | undefined;
  sheets: string[];
  headers: string[];
}

export type ImportSource = CsvSource | XlsxSource;

export const NO_DATA_ROWS = 'El archivo no tiene filas de datos';

/** Rows the preview shows. */
const PREVIEW_ROWS = 20;
/** Bytes per stored chunk: a few of them at most are in memory at once. */
const CHUNK_BYTES = 1024 * 1024;

/** The records of the file, the header first, each with its row number as a spreadsheet shows it (a quoted cell spanning lines is one row). */
export async function* readSourceRecords(filePath: string, source: ImportSource): AsyncGenerator<SheetRecord> {
  if (source.format === 'xlsx') {
    yield* readSheetRecords(filePath, source.sheet);
    return;
  }
  let row = 0;
  for await (const cells of readRecords(filePath, source.encoding, source.delimiter)) {
    row += 1;
    yield { row, cells };
  }
}

export interface SourceHead {
  source: ImportSource | undefined;
  /** Data records after the header (blank ones left out), with their spreadsheet row number. */
  rows: { row: number; cells: string[] }[];
}

/** Reads the header and the first data rows; undefined source when the file has no header line. */
export async function readSourceHead(upload: ImportUpload, sheet: string | undefined): Promise<SourceHead> {
  const base: Omit<CsvSource, 'headers'> | Omit<XlsxSource, 'headers'> =
    upload.format === 'xlsx'
      ? { format: 'xlsx', sheet, sheets: await listSheets(upload.filePath) }
      : { format: 'csv', encoding: upload.encoding, delimiter: await detectDelimiter(upload.filePath, upload.encoding) };
  let headers: string[] | undefined;
  const rows: SourceHead['rows'] = [];
  try {
    for await (const record of readSourceRecords(upload.filePath, { ...base, headers: [] })) {
      if (!headers) {
        // A sheet may start with empty rows; its header is the first row with anything in it.
        if (record.cells.every((cell) => cell.trim() === '')) continue;
        headers = record.cells.map((cell) => cell.trim());
        continue;
      }
      if (record.cells.every((cell) => cell.trim() === '')) continue;
      rows.push(record);
      if (rows.length >= PREVIEW_ROWS) break;
    }
  } catch (error) {
    throw csvProblem(error) ?? error;
  }
  return { source: headers && { ...base, headers }, rows };
}

/**
 * Hands the file to `onChunk` a chunk at a time, through one reused buffer: a read stream allocates
 * a new buffer per read, garbage that a large upload piles up in the API's memory until a collection
 * frees it. A chunk is valid until the promise `onChunk` returns settles.
 */
async function forEachChunk(filePath: string, onChunk: (chunk: Buffer) => Promise<void> | void): Promise<void> {
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  const file = await open(filePath);
  try {
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return;
      await onChunk(buffer.subarray(0, bytesRead));
    }
  } finally {
    await file.close();
  }
}

/** Line breaks in the file: the rows it has, give or take cells spanning lines. */
export async function estimateRows(filePath: string): Promise<number> {
  let lines = 0;
  let last = 0x0a;
  await forEachChunk(filePath, (chunk) => {
    for (let index = chunk.indexOf(0x0a); index !== -1; index = chunk.indexOf(0x0a, index + 1)) lines += 1;
    last = chunk[chunk.length - 1] ?? last;
  });
  // The header is no lead; a last line without its line break still is one.
  return Math.max(0, lines - 1 + (last === 0x0a ? 0 : 1));
}

/** Stores the file in chunks, each its own short insert, so memory holds one chunk at a time. */
export async function storeSourceFile(db: Db, jobId: number, filePath: string): Promise<void> {
  let seq = 0;
  await forEachChunk(filePath, async (chunk) => {
    await appendImportJobChunk(db, jobId, seq, chunk);
    seq += 1;
  });
}

/** Writes the job's stored file to a temporary file of this process. */
export async function restoreSourceFile(db: Db, jobId: number): Promise<{ filePath: string; cleanup(): Promise<void> }> {
  const filePath = path.join(os.tmpdir(), `crm-import-job-${jobId}-${randomUUID()}`);
  const cleanup = () => rm(filePath, { force: true });
  const out = createWriteStream(filePath);
  try {
    for (let seq = 0; ; seq += 1) {
      const chunk = await readImportJobChunk(db, jobId, seq);
      if (!chunk) break;
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    return { filePath, cleanup };
  } catch (error) {
    out.destroy();
    await cleanup();
    throw error;
  }
}
