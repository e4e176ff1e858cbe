/**
 * Workbooks made in code for the reader's tests: a zip writer (any part order, any declared size,
 * parts deflated elsewhere) and the few parts every .xlsx has, so a test states only what it is about.
 * Real programs' files live in test/fixtures/workbooks; these are for what the format allows and
 * for hostile files, which no program writes.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

export interface ZipPart {
  name: string;
  /** The part's bytes, deflated here; or bytes already deflated, with the size and CRC to declare. */
  data: string | Buffer | { deflated: Buffer; declaredSize: number; crc: number };
}

/** A zip of the parts in the order given (local headers, central directory, end record). */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const raw = typeof part.data === 'string' ? Buffer.from(part.data, 'utf8') : part.data;
    const { deflated, declaredSize, crc } = Buffer.isBuffer(raw)
      ? { deflated: deflateRawSync(raw), declaredSize: raw.length, crc: crc32(raw) }
      : raw;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0800, 6); // names in UTF-8
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(0x21, 12); // 1980-01-01
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(deflated.length, 18);
    header.writeUInt32LE(declaredSize, 22);
    header.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    header.copy(central, 6, 4, 30);
    central.writeUInt32LE(offset, 42);
    locals.push(header, name, deflated);
    centrals.push(central, name);
    offset += header.length + name.length + deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A part of about `size` bytes, `head` + `fill` repeated + `tail`, deflated without ever holding it
 * whole: about a megabyte of whole fills is deflated once and its deflate blocks repeated (a full
 * flush makes each piece independent, so their concatenation is one valid deflate stream).
 */
export function repeatedPart(
  head: string,
  fill: string,
  size: number,
  tail: string,
): { deflated: Buffer; declaredSize: number; crc: number } {
  // A full flush ends a piece without a final block, and with nothing it refers back to.
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const block = Buffer.from(fill.repeat(Math.max(1, Math.floor((1024 * 1024) / fill.length))), 'utf8');
  const blocks = Math.max(1, Math.floor((size - head.length - tail.length) / block.length));
  const deflatedBlock = deflateRawSync(block, flush);
  let crc = crc32(head);
  for (let index = 0; index < blocks; index += 1) crc = crc32(block, crc);
  crc = crc32(tail, crc);
  return {
    deflated: Buffer.concat([deflateRawSync(head, flush), ...Array<Buffer>(blocks).fill(deflatedBlock), deflateRawSync(tail)]),
    declaredSize: head.length + blocks * block.length + tail.length,
    crc,
  };
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';

export const worksheetXml = (sheetData: string, before = '') =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}" xmlns:r="${RELS}">${before}<sheetData>${sheetData}</sheetData></worksheet>`;

export const sharedStringsXml = (items: string[]) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${MAIN}" count="${items.length}" uniqueCount="${items.length}">${items.join('')}</sst>`;

export interface SheetSpec {
  name: string;
  /** The part's XML (or bytes deflated elsewhere); a chart or dialog sheet's content does not matter to the reader. */
  xml: ZipPart['data'];
  state?: 'hidden' | 'veryHidden';
  type?: 'worksheet' | 'chartsheet' | 'dialogsheet';
}

/**
 * The parts of a workbook: the package and workbook relationships, the workbook (in `folder`, 'xl' by
 * default), its sheets, and the shared strings and styles when given, placed after the sheets (as
 * Apple Numbers places them).
 */
export function workbookParts(options: {
  sheets: SheetSpec[];
  sharedStrings?: ZipPart['data'];
  styles?: string;
  date1904?: boolean;
  folder?: string;
}): ZipPart[] {
  const folder = options.folder ?? 'xl';
  const related: { id: string; type: string; target: string }[] = options.sheets.map((sheet, index) => ({
    id: `rId${index + 1}`,
    type: sheet.type ?? 'worksheet',
    target: `${sheet.type ?? 'worksheet'}s/sheet${index + 1}.xml`,
  }));
  if (options.sharedStrings) related.push({ id: 'rIdS', type: 'sharedStrings', target: 'strings.xml' });
  if (options.styles) related.push({ id: 'rIdT', type: 'styles', target: '../styles/look.xml' });
  const sheets = options.sheets
    .map(
      (sheet, index) =>
        `<sheet name="${sheet.name}" sheetId="${index + 1}"${sheet.state ? ` state="${sheet.state}"` : ''} r:id="rId${index + 1}"/>`,
    )
    .join('');
  const parts: ZipPart[] = [
    {
      name: '_rels/.rels',
      data: `<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="${folder}/book.xml"/></Relationships>`,
    },
    {
      name: `${folder}/book.xml`,
      data: `<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><workbookPr${options.date1904 ? ' date1904="1"' : ''}/><sheets>${sheets}</sheets></workbook>`,
    },
    {
      name: `${folder}/_rels/book.xml.rels`,
      data: `<Relationships xmlns="${PACKAGE_RELS}">${related
        .map((relation) => `<Relationship Id="${relation.id}" Type="${RELS}/${relation.type}" Target="${relation.target}"/>`)
        .join('')}</Relationships>`,
    },
    ...options.sheets.map((sheet, index) => ({ name: `${folder}/${related[index]?.target ?? ''}`, data: sheet.xml })),
  ];
  if (options.sharedStrings) parts.push({ name: `${folder}/strings.xml`, data: options.sharedStrings });
  if (options.styles) parts.push({ name: 'styles/look.xml', data: options.styles });
  return parts;
}
