/**
 * How many data rows a sheet of an .xlsx has, before reading it: the sheet's own `<dimension>`
 * (what Excel writes at the top of each sheet), or, when a writer left it out, its `<row>` tags
 * counted while only inflating the sheet's part of the zip (no XML parsing). The progress bar's total.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';

interface ZipEntry {
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
/** The end record is 22 bytes plus a comment of at most 64 KB. */
const EOCD_SEARCH_BYTES = 22 + 0xffff;
/** Excel writes the dimension right after the sheet's opening tags. */
const DIMENSION_SEARCH_CHARS = 4096;

async function readAt(filePath: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The zip's central directory: each part's name → where its bytes are. */
async function zipEntries(filePath: string, fileSize: number): Promise<Map<string, ZipEntry>> {
  const tailStart = Math.max(0, fileSize - EOCD_SEARCH_BYTES);
  const tail = await readAt(filePath, tailStart, fileSize - tailStart);
  let eocd = -1;
  for (let index = tail.length - 22; index >= 0; index -= 1) {
    if (tail.readUInt32LE(index) === EOCD_SIGNATURE) {
      eocd = index;
      break;
    }
  }
  const entries = new Map<string, ZipEntry>();
  if (eocd === -1) return entries;
  const directory = await readAt(filePath, tail.readUInt32LE(eocd + 16), tail.readUInt32LE(eocd + 12));
  for (let at = 0; at + 46 <= directory.length && directory.readUInt32LE(at) === CENTRAL_SIGNATURE;) {
    const nameLength = directory.readUInt16LE(at + 28);
    const skip = nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    entries.set(directory.toString('utf8', at + 46, at + 46 + nameLength), {
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      localHeaderOffset: directory.readUInt32LE(at + 42),
    });
    at += 46 + skip;
  }
  return entries;
}

/** A part's text as it inflates, chunk by chunk; stops reading when the caller stops. */
async function* partText(filePath: string, entry: ZipEntry): AsyncGenerator<string> {
  const header = await readAt(filePath, entry.localHeaderOffset, 30);
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (entry.compressedSize === 0) return;
  const raw = createReadStream(filePath, { start, end: start + entry.compressedSize - 1 });
  const stream = entry.method === 8 ? raw.pipe(createInflateRaw()) : raw;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) yield chunk.toString('utf8');
  } finally {
    raw.destroy();
    stream.destroy();
  }
}

async function wholePart(filePath: string, entry: ZipEntry | undefined): Promise<string> {
  let text = '';
  if (entry) for await (const chunk of partText(filePath, entry)) text += chunk;
  return text;
}

const unescapeXml = (text: string) =>
  text.replace(/&(lt|gt|quot|apos|amp);/g, (_match, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name] ?? '');

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The zip part holding the named sheet (the first sheet when none is named). */
async function sheetPart(filePath: string, entries: Map<string, ZipEntry>, sheet: string | undefined): Promise<string | undefined> {
  const workbook = await wholePart(filePath, entries.get('xl/workbook.xml'));
  const tags = workbook.match(/<(?:\w+:)?sheet\s[^>]*>/g) ?? [];
  const tag = sheet === undefined ? tags[0] : tags.find((candidate) => unescapeXml(attribute(candidate, 'name') ?? '') === sheet);
  const relationId = tag && attribute(tag, 'r:id');
  if (!relationId) return undefined;
  const relations = await wholePart(filePath, entries.get('xl/_rels/workbook.xml.rels'));
  const relation = (relations.match(/<Relationship\s[^>]*>/g) ?? []).find((candidate) => attribute(candidate, 'Id') === relationId);
  const target = relation && attribute(relation, 'Target');
  if (!target) return undefined;
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/** Data rows (the header left out) of the sheet; 0 when the workbook cannot say. */
export async function estimateSheetRows(filePath: string, fileSize: number, sheet: string | undefined): Promise<number> {
  const entries = await zipEntries(filePath, fileSize);
  const part = await sheetPart(filePath, entries, sheet);
  const entry = part === undefined ? undefined : entries.get(part);
  if (!entry) return 0;
  let head = '';
  let rows = 0;
  let carry = '';
  for await (const chunk of partText(filePath, entry)) {
    if (head.length < DIMENSION_SEARCH_CHARS) {
      head += chunk;
      const lastRow = /<dimension\s+ref="[A-Z]+(\d+)(?::[A-Z]+(\d+))?"/.exec(head);
      // A one-cell dimension ('A1') is what writers put when they did not measure the sheet.
      if (lastRow?.[2]) return Math.max(0, Number(lastRow[2]) - Number(lastRow[1]));
    }
    // The last 4 characters go with the next chunk: a tag split between chunks is found there (and is never counted twice, being 5 long).
    const text = carry + chunk;
    rows += text.match(/<row[\s>]/g)?.length ?? 0;
    carry = text.slice(-4);
  }
  return Math.max(0, rows - 1);
}
