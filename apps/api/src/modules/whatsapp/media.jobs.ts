/**
 * An inbound file, fetched through the Graph API (GET /{media-id}, then its URL with the token) and
 * kept as a chat attachment with the chat's checks and limits: images re-encoded, documents, audio
 * and video told by their bytes, 10 MB at most. A failure shows on the message and is tried again
 * with backoff; a file the checks refuse is not.
 */
import { findWhatsAppMessageMedia, insertChatAttachmentRow, recordWhatsAppMedia, writeChatAttachmentChunks } from '@crm/db';
import { CHAT_ATTACHMENT_LIMITS, attachmentFileName, detectDocumentType, detectMediaType } from '@crm/domain';
import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition.js';
import { processChatImage } from '../avatars/image-processing.js';
import { GraphError, downloadMedia } from './graph-client.js';
import { loadConnection } from './settings.service.js';
import { announceWhatsAppMessages } from './whatsapp-live.js';

/** A file the chat's checks refuse: trying again would fetch the same bytes. */
class RefusedMedia extends Error {}

interface StoredFile {
  kind: 'image' | 'document' | 'audio' | 'video';
  contentType: string;
  fileName: string;
  width: number | null;
  height: number | null;
  data: Uint8Array;
}

async function checkedFile(kind: string, bytes: Buffer, fileName: string | null): Promise<StoredFile> {
  const base = fileName ?? `whatsapp-${kind}`;
  if (kind === 'image' || kind === 'sticker') {
    const image = await processChatImage(bytes).catch(() => undefined);
    if (!image) throw new RefusedMedia(CHAT_ATTACHMENT_LIMITS.messages.invalid);
    return { kind: 'image', fileName: attachmentFileName(base, 'webp'), ...image };
  }
  if (kind === 'audio' || kind === 'video') {
    const media = detectMediaType(bytes, kind);
    if (!media) throw new RefusedMedia('Tipo de audio o video no admitido');
    return {
      kind: media.kind,
      contentType: media.contentType,
      fileName: attachmentFileName(base, media.extension),
      width: null,
      height: null,
      data: bytes,
    };
  }
  const document = detectDocumentType(bytes, base);
  if (!document) throw new RefusedMedia(CHAT_ATTACHMENT_LIMITS.messages.invalid);
  return {
    kind: 'document',
    contentType: document.contentType,
    fileName: attachmentFileName(base, document.extension),
    width: null,
    height: null,
    data: bytes,
  };
}

export const fetchMediaJob = defineJob({
  name: 'whatsapp.fetch-media',
  payload: z.object({ messageId: z.number().int() }),
  // About 2, 4, 8… minutes apart: Meta's media URL outlives a short outage of either side.
  settings: { retries: 6, retryDelaySeconds: 60, expireInSeconds: 300 },
  async handler(ctx, { messageId }, run) {
    const message = await findWhatsAppMessageMedia(ctx.db, messageId);
    if (!message || message.attachmentId !== null) return;
    const mediaId = message.details['mediaId'];
    if (typeof mediaId !== 'string') return;
    try {
      const connection = await loadConnection(ctx);
      if (!connection) throw new GraphError('WhatsApp no está configurado', null);
      const { bytes } = await downloadMedia(connection, mediaId, CHAT_ATTACHMENT_LIMITS.maxBytes);
      const fileName = typeof message.details['fileName'] === 'string' ? message.details['fileName'] : null;
      const { data, ...description } = await checkedFile(message.kind, bytes, fileName);
      const attachmentId = await insertChatAttachmentRow(ctx.db, { uploaderId: null, ...description, size: data.byteLength });
      await writeChatAttachmentChunks(ctx.db, attachmentId, data);
      await recordWhatsAppMedia(ctx.db, messageId, { attachmentId });
    } catch (error) {
      if (!(error instanceof GraphError || error instanceof RefusedMedia)) throw error;
      await recordWhatsAppMedia(ctx.db, messageId, { error: error.message });
      await announceWhatsAppMessages(ctx, [messageId]);
      // A refused file stays refused; a failed fetch goes back to the queue (the message says so meanwhile).
      if (error instanceof GraphError && !run.signal.aborted) throw error;
      return;
    }
    await announceWhatsAppMessages(ctx, [messageId]);
  },
});
