/**
 * Receives an exported chat: the file part streamed to a temporary file (never held whole in memory),
 * cut at WHATSAPP_EXPORT_LIMITS.uploadBytes (a 413), and the form's text fields beside it.
 */
import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { DomainError, WHATSAPP_EXPORT_LIMITS, WHATSAPP_EXPORT_MESSAGES } from '@crm/domain';
import type { FastifyRequest } from 'fastify';
import { newImportTempPath } from '../leads/import/import-temp-files.js';

export interface ChatExportUpload {
  filePath: string;
  fileName: string;
  /** A .zip (the chat with its media) or the chat's text alone. */
  format: 'zip' | 'text';
  fields: Record<string, string>;
  /** Removes the temporary file; safe to call twice. */
  cleanup(): Promise<void>;
}

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

async function formatOf(filePath: string): Promise<'zip' | 'text' | 'empty'> {
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    if (bytesRead === 0) return 'empty';
    return ZIP_SIGNATURE.every((byte, index) => head[index] === byte) ? 'zip' : 'text';
  } finally {
    await handle.close();
  }
}

export async function receiveChatExport(request: FastifyRequest): Promise<ChatExportUpload> {
  if (!request.isMultipart()) throw new DomainError('BAD_REQUEST', 'Se esperaba un formulario multipart');
  const filePath = await newImportTempPath();
  const cleanup = () => rm(filePath, { force: true });
  const fields: Record<string, string> = {};
  let fileName: string | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: WHATSAPP_EXPORT_LIMITS.uploadBytes, fieldSize: 64 * 1024, files: 1 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      await pipeline(part.file, createWriteStream(filePath));
      // A file cut at the limit is over it.
      if (part.file.truncated) throw new DomainError('PAYLOAD_TOO_LARGE', WHATSAPP_EXPORT_MESSAGES.tooLarge);
      fileName = part.filename;
    }
    if (fileName === undefined) throw new DomainError('BAD_REQUEST', WHATSAPP_EXPORT_MESSAGES.required);
    const format = await formatOf(filePath);
    if (format === 'empty') throw new DomainError('BAD_REQUEST', WHATSAPP_EXPORT_MESSAGES.empty);
    return { filePath, fileName, format, fields, cleanup };
  } catch (error) {
    await cleanup();
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new DomainError('PAYLOAD_TOO_LARGE', WHATSAPP_EXPORT_MESSAGES.tooLarge);
    }
    throw error;
  }
}
