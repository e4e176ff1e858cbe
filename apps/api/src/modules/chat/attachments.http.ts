/** The HTTP side of chat attachments: the multipart part `file` (10 MB) read in, the download written out. */
import { CHAT_ATTACHMENT_LIMITS, type ChatAttachment, DomainError } from '@crm/domain';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

export async function readFilePart(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw new DomainError('BAD_REQUEST', 'Se esperaba un formulario multipart');
  const part = await request.file({ limits: { fileSize: CHAT_ATTACHMENT_LIMITS.maxBytes } });
  if (!part || part.fieldname !== 'file') throw new DomainError('BAD_REQUEST', CHAT_ATTACHMENT_LIMITS.messages.required);
  try {
    const bytes = await part.toBuffer();
    // A file cut at the limit is over it.
    if (part.file.truncated) throw new DomainError('PAYLOAD_TOO_LARGE', CHAT_ATTACHMENT_LIMITS.messages.tooLarge);
    return { bytes, fileName: part.filename };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new DomainError('PAYLOAD_TOO_LARGE', CHAT_ATTACHMENT_LIMITS.messages.tooLarge);
    }
    throw error;
  }
}

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
function contentDisposition(name: string): string {
  const ascii =
    name
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'archivo';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Never rendered as a page of ours: always a download, its type as stored, no sniffing. */
export function sendAttachment(
  reply: FastifyReply,
  { attachment, chunks }: { attachment: ChatAttachment; chunks: AsyncIterable<Uint8Array> },
): FastifyReply {
  return reply
    .header('Content-Disposition', contentDisposition(attachment.name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, max-age=86400')
    .header('Content-Length', String(attachment.size))
    .type(attachment.contentType)
    .send(Readable.from(chunks));
}
