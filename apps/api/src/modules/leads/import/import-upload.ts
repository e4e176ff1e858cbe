/**
 * Receives the import form: the file is streamed to a temporary file (never held in memory)
 * while its bytes are inspected, so the encoding is known and a binary file is refused
 * before anything is parsed. Fields may arrive before or after the file.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DomainError, IMPORT_LIMITS } from '@crm/domain';
import type { FastifyRequest } from 'fastify';
import { newImportTempPath } from './import-temp-files.js';

export type TextEncoding = 'utf8' | 'win1252' | 'utf16le' | 'utf16be';

export interface ImportUpload {
  filePath: string;
  fileName: string;
  size: number;
  /** An .xlsx workbook, or text (CSV, TSV, TXT) in `encoding`. */
  format: 'csv' | 'xlsx';
  encoding: TextEncoding;
  fields: Record<string, string>;
  /** Removes the temporary file; safe to call twice. */
  cleanup(): Promise<void>;
}

const NOT_TEXT_MESSAGE = 'El archivo no es de texto: sube un CSV, TSV o TXT';
export const ODS_MESSAGE =
  'Los libros OpenDocument (.ods) no se importan: guárdalo como Excel (.xlsx) o CSV desde LibreOffice. Se aceptan CSV, TSV, TXT y Excel (.xlsx)';
/** An OpenDocument file's zip starts with its uncompressed 'mimetype' part (ODF 1.2 §3.3): within its first 100 bytes. */
const ODS_MIMETYPE = 'application/vnd.oasis.opendocument.spreadsheet';
const HEAD_BYTES = 128;
const EMPTY_FILE_MESSAGE = 'El archivo está vacío';
const SNIFF_BYTES = 64 * 1024;

/** Watches the bytes going by: NULs and other control bytes mean binary; a fatal decoder tells UTF-8 from Windows-1252. */
class TextInspector extends Transform {
  size = 0;
  private first: Buffer | undefined;
  private controlBytes = 0;
  private sniffed = 0;
  private hasNul = false;
  private utf8: InstanceType<typeof TextDecoder> | undefined = new TextDecoder('utf-8', { fatal: true });
  validUtf8 = true;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.first ??= chunk.subarray(0, HEAD_BYTES);
    this.size += chunk.length;
    if (!this.hasNul && chunk.includes(0)) this.hasNul = true;
    for (let index = 0; index < chunk.length && this.sniffed < SNIFF_BYTES; index += 1, this.sniffed += 1) {
      const byte = chunk[index] ?? 0;
      // Tab, LF, FF, CR are text; the rest below 0x20 (and DEL) is not, save the odd stray one.
      if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) || byte === 0x7f) {
        this.controlBytes += 1;
      }
    }
    if (this.utf8) {
      try {
        this.utf8.decode(chunk, { stream: true });
      } catch {
        this.validUtf8 = false;
        this.utf8 = undefined;
      }
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.utf8) {
      try {
        this.utf8.decode();
      } catch {
        this.validUtf8 = false;
      }
    }
    callback();
  }

  /** A zip archive, as an .xlsx workbook is. */
  isZip(): boolean {
    const head = this.first ?? Buffer.alloc(0);
    return head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  }

  /** An OpenDocument spreadsheet (.ods), whatever its name. */
  isOpenDocumentSpreadsheet(): boolean {
    return this.isZip() && (this.first ?? Buffer.alloc(0)).includes(ODS_MIMETYPE);
  }

  encoding(): TextEncoding | undefined {
    const head = this.first ?? Buffer.alloc(0);
    // Excel's 'Texto Unicode' is UTF-16 with a byte-order mark; its NULs are text, not binary.
    if (head[0] === 0xff && head[1] === 0xfe) return 'utf16le';
    if (head[0] === 0xfe && head[1] === 0xff) return 'utf16be';
    if (this.hasNul || this.controlBytes > Math.max(2, this.sniffed / 100)) return undefined;
    return this.validUtf8 ? 'utf8' : 'win1252';
  }
}

function isFileTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';
}

/** `limit`: the server's import size limit (importSizeLimit of IMPORT_MAX_MB). */
export async function receiveImportUpload(request: FastifyRequest, limit: { maxBytes: number; tooLarge: string }): Promise<ImportUpload> {
  const filePath = await newImportTempPath();
  const cleanup = () => rm(filePath, { force: true });
  const fields: Record<string, string> = {};
  let file: { name: string; inspector: TextInspector } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: limit.maxBytes, fieldSize: 64 * 1024 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const inspector = new TextInspector();
      await pipeline(part.file, inspector, createWriteStream(filePath));
      if (part.file.truncated) throw new DomainError('PAYLOAD_TOO_LARGE', limit.tooLarge);
      file = { name: part.filename, inspector };
    }
    if (!file) throw new DomainError('BAD_REQUEST', IMPORT_LIMITS.messages.fileRequired);
    if (file.inspector.size === 0) throw new DomainError('BAD_REQUEST', EMPTY_FILE_MESSAGE);
    const base = { filePath, fileName: file.name, size: file.inspector.size, fields, cleanup };
    if (file.name.toLowerCase().endsWith('.xlsx') && file.inspector.isZip()) return { ...base, format: 'xlsx', encoding: 'utf8' };
    if (file.name.toLowerCase().endsWith('.ods') || file.inspector.isOpenDocumentSpreadsheet())
      throw new DomainError('BAD_REQUEST', ODS_MESSAGE);
    const encoding = file.inspector.encoding();
    if (!encoding) throw new DomainError('BAD_REQUEST', NOT_TEXT_MESSAGE);
    return { ...base, format: 'csv', encoding };
  } catch (error) {
    await cleanup();
    if (isFileTooLarge(error)) throw new DomainError('PAYLOAD_TOO_LARGE', limit.tooLarge);
    throw error;
  }
}
