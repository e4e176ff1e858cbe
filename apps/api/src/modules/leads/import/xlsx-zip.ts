/**
 * An .xlsx's zip, read at random (yauzl: the central directory first, then only the parts asked
 * for, in any order) with every inflated byte counted against XLSX_LIMITS as it arrives.
 */
import yauzl, { type Entry } from 'yauzl';
import { XLSX_LIMITS, XLSX_MESSAGES, xlsxRefusal } from './xlsx-limits.js';

export interface WorkbookZip {
  /** Whether the zip has the part (names compared without case, as the package format says). */
  has(part: string): boolean;
  /** The part's UTF-8 text in chunks; stops inflating when the caller stops reading. */
  text(part: string): AsyncGenerator<string>;
  close(): void;
}

/** Part names hold no case: '/xl/Workbook.xml' and 'xl/workbook.xml' are one part. */
const partKey = (part: string) => part.replace(/^\/+/, '').toLowerCase();

/**
 * Bytes since the last '<', carried from chunk to chunk: no text, tag or attribute of the part is
 * longer than that, so the XML parser never holds more than XLSX_LIMITS.tokenBytes of one.
 */
function tokenGap(gap: number, chunk: Buffer): number {
  const limit = XLSX_LIMITS.tokenBytes;
  const tooLong = () => xlsxRefusal(XLSX_MESSAGES.tokenTooLong);
  if (chunk.length > limit) {
    let start = 0;
    for (let next = chunk.indexOf(0x3c); next !== -1; next = chunk.indexOf(0x3c, start)) {
      if (gap + next - start > limit) throw tooLong();
      gap = 0;
      start = next + 1;
    }
    gap += chunk.length - start;
  } else {
    // Inflated chunks (16 to 64 KB) are shorter than the limit: only the gaps at their ends can reach it.
    const first = chunk.indexOf(0x3c);
    if (first === -1) gap += chunk.length;
    else if (gap + first > limit) throw tooLong();
    else gap = chunk.length - chunk.lastIndexOf(0x3c) - 1;
  }
  if (gap > limit) throw tooLong();
  return gap;
}

/** Refuses a part's size, declared or counted, past the per-part, compression-ratio and total bounds. */
function checkInflated(bytes: number, entry: Entry, totalBytes: number): void {
  if (bytes > XLSX_LIMITS.partBytes) throw xlsxRefusal(XLSX_MESSAGES.partTooLarge);
  if (bytes > XLSX_LIMITS.ratioGraceBytes && bytes > XLSX_LIMITS.inflateRatio * entry.compressedSize)
    throw xlsxRefusal(XLSX_MESSAGES.inflateRatio);
  if (totalBytes > XLSX_LIMITS.totalBytes) throw xlsxRefusal(XLSX_MESSAGES.totalTooLarge);
}

export async function openWorkbookZip(filePath: string): Promise<WorkbookZip> {
  // validateEntrySizes: yauzl also fails a part whose inflated bytes exceed its declared size.
  const zip = await yauzl.openPromise(filePath, { autoClose: false, validateEntrySizes: true, strictFileNames: false });
  const entries = new Map<string, Entry>();
  try {
    for await (const entry of zip.eachEntry()) {
      if (entries.size >= XLSX_LIMITS.zipEntries) throw xlsxRefusal(XLSX_MESSAGES.tooManyEntries);
      if (!entry.fileName.endsWith('/')) entries.set(partKey(entry.fileName), entry);
    }
  } catch (error) {
    zip.close();
    throw error;
  }
  let totalBytes = 0;

  async function* text(part: string): AsyncGenerator<string> {
    const entry = entries.get(partKey(part));
    if (!entry) throw new Error(`missing part ${part}`);
    // The declared size first: a part that says it is too large is refused before a byte is inflated.
    checkInflated(entry.uncompressedSize, entry, totalBytes + entry.uncompressedSize);
    const stream = await zip.openReadStreamPromise(entry);
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let bytes = 0;
    let gap = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        totalBytes += chunk.length;
        checkInflated(bytes, entry, totalBytes);
        gap = tokenGap(gap, chunk);
        yield decoder.decode(chunk, { stream: true });
      }
      const rest = decoder.decode();
      if (rest !== '') yield rest;
    } finally {
      stream.destroy();
    }
  }

  return { has: (part) => entries.has(partKey(part)), text, close: () => zip.close() };
}
