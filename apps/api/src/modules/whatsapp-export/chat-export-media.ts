/**
 * A file of an exported chat as a chat attachment: the chat's own checks decide images (decoded and
 * re-encoded) and documents by their bytes; WhatsApp's voice notes and videos are told by their
 * containers' signatures (Ogg, ISO media), never by the name.
 */
import { attachmentFileName, type ChatAttachment, detectDocumentType, DomainError } from '@crm/domain';
import { processChatImage } from '../avatars/image-processing.js';

export interface ExportedFile {
  kind: ChatAttachment['kind'];
  contentType: string;
  fileName: string;
  width: number | null;
  height: number | null;
  data: Buffer;
}

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** Ogg (WhatsApp's .opus voice notes) or an ISO base media file (.mp4 videos, .m4a audio, .3gp). */
function audioOrVideo(bytes: Buffer): (Pick<ExportedFile, 'kind' | 'contentType'> & { extension: string }) | null {
  if (ascii(bytes, 0, 4) === 'OggS') return { kind: 'audio', contentType: 'audio/ogg', extension: 'opus' };
  if (ascii(bytes, 4, 8) !== 'ftyp') return null;
  const brand = ascii(bytes, 8, 12);
  if (brand.startsWith('M4A')) return { kind: 'audio', contentType: 'audio/mp4', extension: 'm4a' };
  if (brand.startsWith('3gp')) return { kind: 'video', contentType: 'video/3gpp', extension: '3gp' };
  return { kind: 'video', contentType: 'video/mp4', extension: 'mp4' };
}

/** The attachment to store, or null when the bytes are of no type the chat accepts. */
export async function describeExportedFile(bytes: Buffer, name: string): Promise<ExportedFile | null> {
  let image;
  try {
    image = await processChatImage(bytes);
  } catch (error) {
    // Looks like an image and does not decode: the same refusal as the chat's, here a skipped file.
    if (error instanceof DomainError) return null;
    throw error;
  }
  if (image) return { kind: 'image', fileName: attachmentFileName(name, 'webp'), ...image };
  const media = audioOrVideo(bytes);
  if (media) {
    const { extension, ...type } = media;
    return { ...type, fileName: attachmentFileName(name, extension), width: null, height: null, data: bytes };
  }
  const document = detectDocumentType(bytes, name);
  if (!document) return null;
  return {
    kind: 'document',
    contentType: document.contentType,
    fileName: attachmentFileName(name, document.extension),
    width: null,
    height: null,
    data: bytes,
  };
}
