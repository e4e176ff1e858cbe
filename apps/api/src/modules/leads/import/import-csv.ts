/** Reading an import file: decoding, delimiter detection, header matching (docs/import-format.md) and streamed CSV records. */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { DomainError, type ImportField, type ImportMapping, normalizeSearchText } from '@crm/domain';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import type { TextEncoding } from './import-upload.js';

type ImportColumn = ImportField;

/**
 * Header spellings per field, Spanish and English, as normalizeHeader leaves them (no case, accents,
 * spaces or punctuation: 'Razón social' is 'razonsocial', 'E-mail' is 'email'); the first match wins.
 */
const HEADER_ALIASES: Record<ImportColumn, readonly string[]> = {
  name: [
    'name',
    'title',
    'nombre',
    'titulo',
    'companyname',
    'businessname',
    'company',
    'empresa',
    'razonsocial',
    'nombreempresa',
    'negocio',
  ],
  categoryName: ['categoryname', 'category', 'categoria', 'nombrecategoria', 'sector', 'rubro', 'industry', 'industria', 'actividad'],
  email: ['email', 'mail', 'emailaddress', 'correo', 'correoelectronico', 'direccionemail', 'direcciondecorreo'],
  phone: ['phone', 'phonenumber', 'telephone', 'telefono', 'tel', 'movil', 'celular', 'mobile', 'cell', 'numerodetelefono'],
  address: ['address', 'direccion', 'domicilio', 'direccionpostal', 'street'],
  domain: ['domain', 'website', 'web', 'url', 'dominio', 'sitioweb', 'paginaweb', 'sitio', 'pagina'],
  description: ['description', 'descripcion', 'notes', 'notas', 'nota', 'observaciones', 'comentarios', 'comments'],
  contactName: [
    'contacto',
    'personadecontacto',
    'nombreyapellidos',
    'nombrecontacto',
    'nombredelcontacto',
    'contactname',
    'contactperson',
    'fullname',
  ],
  contactCargo: ['cargo', 'puesto', 'cargodelcontacto', 'cargocontacto', 'jobtitle', 'position', 'role'],
  contactEmail: ['emaildelcontacto', 'emailcontacto', 'correodelcontacto', 'contactemail'],
  contactPhone: ['telefonodelcontacto', 'telefonocontacto', 'movildelcontacto', 'contactphone'],
};

export const MISSING_CATEGORY_COLUMN = 'Falta la columna categoryName en el archivo';
const MISSING_NAME_COLUMN = 'Falta la columna del nombre (name o title) en el archivo';

const DELIMITERS = ['\t', ';', ','] as const;
export type Delimiter = (typeof DELIMITERS)[number];

function decoded(filePath: string, encoding: TextEncoding, options: { end?: number } = {}): Readable {
  const raw = createReadStream(filePath, options);
  if (encoding === 'utf8') return raw.setEncoding('utf8');
  const decoder = iconv.decodeStream(encoding === 'win1252' ? 'win1252' : encoding);
  raw.on('error', (error) => decoder.emit('error', error));
  // iconv-lite's decode stream is a stream.Transform typed as the older ReadWriteStream.
  return raw.pipe(decoder) as unknown as Readable;
}

/** The delimiter the header line uses most (outside quotes); a one-column file falls back to ','. */
export async function detectDelimiter(filePath: string, encoding: TextEncoding): Promise<Delimiter> {
  let head = '';
  for await (const chunk of decoded(filePath, encoding, { end: 64 * 1024 - 1 })) {
    head += String(chunk);
    if (/[\r\n]/.test(head.replace(/"[^"]*"/g, ''))) break;
  }
  const headerLine =
    head
      .replace(/^\uFEFF/, '')
      .replace(/"[^"]*"/g, '')
      .split(/\r\n|\r|\n/)[0] ?? '';
  let best: Delimiter = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    const count = headerLine.split(delimiter).length - 1;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/** 'Categoría', 'category_name' and 'CATEGORY NAME' all read as 'categoria' / 'categoryname'. */
function normalizeHeader(header: string): string {
  return normalizeSearchText(header).replace(/[^a-z0-9]/g, '');
}

/** The guessed mapping: each field's first header among its synonyms; a header feeds one field at most. */
export function guessMapping(headers: readonly string[]): ImportMapping {
  const normalized = headers.map(normalizeHeader);
  const mapping: ImportMapping = {};
  const taken = new Set<number>();
  for (const [column, aliases] of Object.entries(HEADER_ALIASES) as [ImportColumn, readonly string[]][]) {
    for (const alias of aliases) {
      const index = normalized.indexOf(alias);
      if (index !== -1 && !taken.has(index)) {
        mapping[column] = index;
        taken.add(index);
        break;
      }
    }
  }
  // A file of people ('Nombre y apellidos' and no company column): the person is the lead.
  if (mapping.name === undefined && mapping.contactName !== undefined) {
    mapping.name = mapping.contactName;
    delete mapping.contactName;
  }
  return mapping;
}

/** Refuses a mapping without a name column, or without a category column when no category for all rows was chosen. */
export function requireMapping(mapping: ImportMapping, columnCount: number, options: { categoryForAll: boolean }): void {
  for (const index of Object.values(mapping)) {
    if (index !== undefined && index >= columnCount)
      throw new DomainError('BAD_REQUEST', 'La asignación usa una columna que el archivo no tiene');
  }
  if (mapping.categoryName === undefined && !options.categoryForAll) throw new DomainError('BAD_REQUEST', MISSING_CATEGORY_COLUMN);
  if (mapping.name === undefined) throw new DomainError('BAD_REQUEST', MISSING_NAME_COLUMN);
}

/** What one CSV record may cost (docs/import-format.md, 'Límites'): its characters, and its cells (as an .xlsx row's columns). */
export const CSV_LIMITS = { recordChars: 1024 * 1024, columns: 1000 } as const;

const number = new Intl.NumberFormat('es-ES');

export const CSV_TOO_MANY_COLUMNS = (line: number) =>
  `El archivo CSV no es válido cerca de la línea ${line}: una fila tiene más de ${number.format(CSV_LIMITS.columns)} columnas (¿el separador es el correcto?)`;

/** The records of the file as arrays of cells, parsed as they stream in (quoted delimiters and newlines included). */
export function readRecords(filePath: string, encoding: TextEncoding, delimiter: Delimiter): AsyncIterable<string[]> {
  const parser = parse({
    delimiter,
    bom: true,
    relax_column_count: true,
    // Spreadsheet exports sometimes leave a stray quote inside an unquoted cell; keep it as text.
    relax_quotes: true,
    skip_empty_lines: false,
    // An unclosed quote or a wrong delimiter would otherwise grow one record up to the whole file.
    max_record_size: CSV_LIMITS.recordChars,
    // Past the column bound the rest of the line is one cell, bounded by max_record_size like any other: a
    // row of a million empty cells is never held. (A per-cell `cast` would say so sooner, but csv-parse then
    // builds a context object for every cell: it made reading four times slower.)
    ignore_last_delimiters: CSV_LIMITS.columns + 1,
    on_record: (record: string[], { lines }) => {
      if (record.length > CSV_LIMITS.columns) throw new DomainError('BAD_REQUEST', CSV_TOO_MANY_COLUMNS(lines));
      return record;
    },
  });
  const source = decoded(filePath, encoding);
  source.on('error', (error) => parser.destroy(error));
  return source.pipe(parser);
}

/** csv-parse's errors (code CSV_…) as the Spanish 400 the importer sees; undefined for any other error. */
export function csvProblem(error: unknown): DomainError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, lines, index } = error as { code?: unknown; lines?: unknown; index?: unknown };
  if (typeof code !== 'string' || !code.startsWith('CSV_')) return undefined;
  // The cell past the column bound holds the rest of its line (readRecords): too long, it is a row of too many cells.
  if (code === 'CSV_MAX_RECORD_SIZE' && typeof index === 'number' && index >= CSV_LIMITS.columns && typeof lines === 'number') {
    return new DomainError('BAD_REQUEST', CSV_TOO_MANY_COLUMNS(lines));
  }
  const where = typeof lines === 'number' ? ` cerca de la línea ${lines}` : '';
  const reason =
    code === 'CSV_QUOTE_NOT_CLOSED'
      ? ': hay comillas sin cerrar'
      : code === 'CSV_MAX_RECORD_SIZE'
        ? `: una fila supera los ${number.format(CSV_LIMITS.recordChars)} caracteres (¿hay comillas sin cerrar?)`
        : '';
  return new DomainError('BAD_REQUEST', `El archivo CSV no es válido${where}${reason}`);
}
