/**
 * Chat attachments: images (checked and re-encoded as avatars are) and documents (PDF, Office,
 * CSV, text), 10 MB at most, the type read from the bytes. Uploaded first, then sent in one
 * message; only the uploader (until sent) and the people of that conversation download it.
 */
import {
  chatAttachmentUrl,
  findChatAttachment,
  insertChatAttachmentRow,
  isChannelMember,
  lockAttachmentUploader,
  readChatAttachmentChunks,
  storedAttachmentBytes,
  writeChatAttachmentChunks,
  type ChatAttachmentRecord,
} from '@crm/db';
import {
  attachmentFileName,
  attachmentQuotaMessage,
  CHAT_ATTACHMENT_LIMITS,
  can,
  type ChatAttachment,
  detectDocumentType,
  DomainError,
} from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { processChatImage } from '../avatars/image-processing.js';
import { WritePacer } from './write-pacer.js';

/**
 * Attachment bytes this process writes per second, all uploads together: a 10 MB file is stored in
 * about 1.3 s, and other users' messages keep their latency while uploads follow one another.
 */
const ATTACHMENT_BYTES_PER_SECOND = 8 * 1024 * 1024;
const attachmentWrites = new WritePacer(ATTACHMENT_BYTES_PER_SECOND);

function toDto(
  record: Omit<ChatAttachmentRecord, 'messageId' | 'senderId' | 'receiverId' | 'channelId' | 'whatsappLeadId'>,
): ChatAttachment {
  return {
    id: record.id,
    kind: record.kind,
    name: record.fileName,
    contentType: record.contentType,
    size: record.size,
    width: record.width,
    height: record.height,
    url: chatAttachmentUrl(record.id),
  };
}

export async function uploadAttachment(ctx: ServiceContext, file: { bytes: Buffer; fileName: string }): Promise<ChatAttachment> {
  requirePermission(ctx, 'chat.use');
  if (file.bytes.byteLength > CHAT_ATTACHMENT_LIMITS.maxBytes)
    throw new DomainError('PAYLOAD_TOO_LARGE', CHAT_ATTACHMENT_LIMITS.messages.tooLarge);
  const uploaderId = ctx.viewer.user.id;
  const quota = quotaOf(ctx);
  // Already full: refused before the file is even decoded.
  if ((await storedAttachmentBytes(ctx.db, uploaderId)) >= quota.bytes) throw quota.refusal();
  const image = await processChatImage(file.bytes);
  const stored = image ? { kind: 'image' as const, fileName: attachmentFileName(file.fileName, 'webp'), ...image } : documentOf(file);
  const { data, ...description } = stored;
  // Checked and described under the user's lock: two uploads at once cannot both pass the quota.
  // Once committed the description counts its size, while its bytes are written after it.
  const id = await ctx.db.transaction().execute(async (trx) => {
    await lockAttachmentUploader(trx, uploaderId);
    if ((await storedAttachmentBytes(trx, uploaderId)) + data.byteLength > quota.bytes) throw quota.refusal();
    return insertChatAttachmentRow(trx, { uploaderId, ...description, size: data.byteLength });
  });
  await writeChatAttachmentChunks(ctx.db, id, data, (bytes) => attachmentWrites.turn(bytes));
  return toDto({ id, uploaderId, size: data.byteLength, ...stored });
}

const MB = 1024 * 1024;

function quotaOf(ctx: ServiceContext): { bytes: number; refusal: () => DomainError } {
  const quotaMb = ctx.env.CHAT_ATTACHMENT_QUOTA_MB;
  return { bytes: quotaMb * MB, refusal: () => new DomainError('PAYLOAD_TOO_LARGE', attachmentQuotaMessage(quotaMb)) };
}

function documentOf(file: { bytes: Buffer; fileName: string }) {
  const type = detectDocumentType(file.bytes, file.fileName);
  if (!type) throw new DomainError('BAD_REQUEST', CHAT_ATTACHMENT_LIMITS.messages.invalid);
  return {
    kind: 'document' as const,
    contentType: type.contentType,
    fileName: attachmentFileName(file.fileName, type.extension),
    width: null,
    height: null,
    data: file.bytes,
  };
}

/**
 * Who may download: the uploader, and once sent, the two people of a one-to-one chat or the
 * channel's members now; a file of a lead's WhatsApp conversation, whoever reads the lead.
 */
async function mayDownload(ctx: ServiceContext, attachment: ChatAttachmentRecord): Promise<boolean> {
  const viewerId = ctx.viewer.user.id;
  if (attachment.uploaderId === viewerId) return true;
  if (attachment.whatsappLeadId !== null) return can(ctx.viewer.user, 'lead.read');
  if (attachment.channelId !== null) return isChannelMember(ctx.db, attachment.channelId, viewerId);
  return attachment.senderId === viewerId || attachment.receiverId === viewerId;
}

/** The attachment and its bytes as a stream of chunks, read one short query at a time. */
export async function downloadAttachment(
  ctx: ServiceContext,
  id: number,
): Promise<{ attachment: ChatAttachment; chunks: AsyncIterable<Uint8Array> }> {
  requirePermission(ctx, 'chat.use');
  const attachment = await findChatAttachment(ctx.db, id);
  // Someone outside the conversation is told it does not exist.
  if (!attachment || !(await mayDownload(ctx, attachment))) throw new DomainError('NOT_FOUND', CHAT_ATTACHMENT_LIMITS.messages.notFound);
  return { attachment: toDto(attachment), chunks: readChatAttachmentChunks(ctx.db, id) };
}
