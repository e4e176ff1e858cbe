/**
 * What an .xlsx may cost before it is refused (docs/import-format.md, 'Límites'), each with its
 * Spanish 400. Every bound is checked while the bytes arrive, before the cost it guards is paid.
 */
import { DomainError } from '@crm/domain';

const MiB = 1024 * 1024;

export const XLSX_LIMITS = {
  /** Parts in the zip: Excel writes a dozen, a workbook with many sheets and pictures a few hundred. */
  zipEntries: 10_000,
  /** Bytes one part may inflate to, counted while inflating (the declared size is checked first, and not trusted). */
  partBytes: 256 * MiB,
  /** Bytes all the parts one read opens may inflate to together. */
  totalBytes: 512 * MiB,
  /**
   * A part may inflate to at most this many times its compressed size, past its first `ratioGraceBytes`:
   * Apache POI's zip-bomb rule (its MIN_INFLATE_RATIO 0.01). Real sheets inflate 5 to 30 times.
   */
  inflateRatio: 100,
  ratioGraceBytes: 1 * MiB,
  /** Bytes between two '<' of a part: bounds every text, tag and attribute the XML parser holds at once. */
  tokenBytes: 1 * MiB,
  /** Characters of one cell (Excel's own limit is 32,767; Google Sheets' 50,000). */
  cellChars: 65_536,
  /** Distinct texts of the shared-strings part, and their characters together: the only table kept in memory. */
  sharedStrings: 1_000_000,
  sharedStringChars: 32_000_000,
  /** Cell formats (Excel's own limit is 64,000). */
  cellFormats: 65_536,
  /** Columns a row may have data in (A to ALL): a cell beyond is refused, empty cells are never materialised. */
  columns: 1_000,
} as const;

const number = new Intl.NumberFormat('es-ES');

export const XLSX_MESSAGES = {
  tooManyEntries: `El libro .xlsx tiene más de ${number.format(XLSX_LIMITS.zipEntries)} partes: no se lee`,
  partTooLarge: `El libro .xlsx se descomprime a más de ${XLSX_LIMITS.partBytes / MiB} MB en una de sus partes: guárdalo como CSV o divídelo en varios archivos`,
  totalTooLarge: `El libro .xlsx se descomprime a más de ${XLSX_LIMITS.totalBytes / MiB} MB: guárdalo como CSV o divídelo en varios archivos`,
  inflateRatio: `El libro .xlsx no se lee: una de sus partes se descomprime a más de ${XLSX_LIMITS.inflateRatio} veces su tamaño, como hace un archivo malicioso`,
  tokenTooLong: `El libro .xlsx no se lee: tiene un valor o una etiqueta de más de ${XLSX_LIMITS.tokenBytes / MiB} MB seguido`,
  cellTooLong: `El libro tiene una celda de más de ${number.format(XLSX_LIMITS.cellChars)} caracteres: no se lee`,
  tooManyStrings: `El libro tiene más de ${number.format(XLSX_LIMITS.sharedStrings)} textos distintos o más de ${number.format(XLSX_LIMITS.sharedStringChars)} caracteres de texto: guárdalo como CSV o divídelo en varios archivos`,
  tooManyFormats: `El libro tiene más de ${number.format(XLSX_LIMITS.cellFormats)} formatos de celda: no se lee`,
  tooManyColumns: (row: number, column: string) =>
    `La fila ${row} tiene datos en la columna ${column}: se leen como mucho ${number.format(XLSX_LIMITS.columns)} columnas (hasta la ALL); borra lo que sobra o copia la tabla a un libro nuevo`,
} as const;

export const xlsxRefusal = (message: string) => new DomainError('BAD_REQUEST', message);
