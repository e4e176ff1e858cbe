/**
 * An exported chat as uploaded: the text alone, or a .zip with the chat and its media. The zip is
 * read at random (yauzl: the central directory, then only the files asked for) with every inflated
 * byte counted against WHATSAPP_EXPORT_LIMITS as it arrives, the declared size checked first.
 */
import { readFile, stat } from 'node:fs/promises';
import { CHAT_ATTACHMENT_LIMITS, DomainError, WHATSAPP_EXPORT_LIMITS, WHATSAPP_EXPORT_MESSAGES } from '@crm/domain';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { ChatExportUpload } from './chat-export-upload.js';

export interface ChatExportArchive {
  /** The chat's text. */
  text: string;
  /** Whether the upload carries a file of that name (the chat names media by their base name). */
  hasMedia(fileName: string): boolean;
  /** The file's bytes, or 'tooLarge' past the chat attachments' limit (declared or counted). */
  readMedia(fileName: string): Promise<Buffer | 'tooLarge'>;
  close(): void;
}

const refuse = (message: string) => new DomainError('BAD_REQUEST', message);
const baseName = (path: string) => path.split('/').pop() ?? path;

/** WhatsApp writes UTF-8, a BOM first on some phones; a NUL means it is no text at all. */
function chatText(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse(WHATSAPP_EXPORT_MESSAGES.badType);
  }
  if (text.includes('\u0000')) throw refuse(WHATSAPP_EXPORT_MESSAGES.badType);
  return text.replace(/^\uFEFF/, '');
}

async function openTextExport(upload: ChatExportUpload): Promise<ChatExportArchive> {
  if ((await stat(upload.filePath)).size > WHATSAPP_EXPORT_LIMITS.chatBytes) throw refuse(WHATSAPP_EXPORT_MESSAGES.chatTooLarge);
  const text = chatText(await readFile(upload.filePath));
  return { text, hasMedia: () => false, readMedia: () => Promise.resolve('tooLarge'), close: () => undefined };
}

/** iOS names the chat '_chat.txt'; Android 'WhatsApp Chat with X.txt' / 'Chat de WhatsApp con X.txt', the only text at the top. */
function findChatEntry(entries: Map<string, Entry>): Entry | undefined {
  const texts = [...entries.values()].filter((entry) => /\.txt$/i.test(entry.fileName) && !entry.fileName.includes('/'));
  return texts.find((entry) => entry.fileName === '_chat.txt') ?? (texts.length === 1 ? texts[0] : undefined);
}

/** Reads an entry: 'tooLarge' past `limit`, refused past the ratio and total bounds, all checked while it inflates. */
class BoundedInflater {
  private total = 0;

  constructor(private readonly zip: ZipFile) {}

  async read(entry: Entry, limit: number): Promise<Buffer | 'tooLarge'> {
    if (entry.uncompressedSize > limit) return 'tooLarge';
    this.checkTotal(entry.uncompressedSize);
    const stream = await this.zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    let bytes = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (bytes > limit) return 'tooLarge';
        if (bytes > WHATSAPP_EXPORT_LIMITS.ratioGraceBytes && bytes > WHATSAPP_EXPORT_LIMITS.inflateRatio * entry.compressedSize)
          throw refuse(WHATSAPP_EXPORT_MESSAGES.inflateRatio);
        this.checkTotal(chunk.length);
        this.total += chunk.length;
        chunks.push(chunk);
      }
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // yauzl's own checks (validateEntrySizes, a broken deflate stream) fail a lying or damaged entry.
      throw refuse(WHATSAPP_EXPORT_MESSAGES.badZip);
    } finally {
      stream.destroy();
    }
    return Buffer.concat(chunks);
  }

  private checkTotal(more: number): void {
    if (this.total + more > WHATSAPP_EXPORT_LIMITS.totalBytes) throw refuse(WHATSAPP_EXPORT_MESSAGES.totalTooLarge);
  }
}

async function openZipExport(upload: ChatExportUpload): Promise<ChatExportArchive> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(upload.filePath, { autoClose: false, validateEntrySizes: true, strictFileNames: false });
  } catch {
    throw refuse(WHATSAPP_EXPORT_MESSAGES.badZip);
  }
  try {
    const entries = new Map<string, Entry>();
    const media = new Map<string, Entry>();
    try {
      for await (const entry of zip.eachEntry()) {
        if (entries.size >= WHATSAPP_EXPORT_LIMITS.zipEntries) throw refuse(WHATSAPP_EXPORT_MESSAGES.tooManyEntries);
        if (entry.fileName.endsWith('/')) continue;
        entries.set(entry.fileName, entry);
        media.set(baseName(entry.fileName), entry);
      }
    } catch (error) {
      throw error instanceof DomainError ? error : refuse(WHATSAPP_EXPORT_MESSAGES.badZip);
    }
    const chatEntry = findChatEntry(entries);
    if (!chatEntry) throw refuse(WHATSAPP_EXPORT_MESSAGES.noChat);
    const inflater = new BoundedInflater(zip);
    const chat = await inflater.read(chatEntry, WHATSAPP_EXPORT_LIMITS.chatBytes);
    if (chat === 'tooLarge') throw refuse(WHATSAPP_EXPORT_MESSAGES.chatTooLarge);
    const text = chatText(chat);
    return {
      text,
      hasMedia: (fileName) => media.has(fileName) && media.get(fileName) !== chatEntry,
      readMedia: async (fileName) => {
        const entry = media.get(fileName);
        if (!entry) throw new Error(`no ${fileName} in the zip`);
        return inflater.read(entry, CHAT_ATTACHMENT_LIMITS.maxBytes);
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}

export function openChatExport(upload: ChatExportUpload): Promise<ChatExportArchive> {
  return upload.format === 'zip' ? openZipExport(upload) : openTextExport(upload);
}
