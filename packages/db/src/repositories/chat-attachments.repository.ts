/** Files sent in the chat, kept in the database so every replica serves the same bytes. */
import type { DbOrTrx } from '../types.js';

export interface NewChatAttachment {
  uploaderId: number;
  kind: 'image' | 'document';
  contentType: string;
  fileName: string;
  width: number | null;
  height: number | null;
  data: Uint8Array;
}

export interface ChatAttachmentRecord {
  id: number;
  uploaderId: number;
  kind: 'image' | 'document';
  contentType: string;
  fileName: string;
  size: number;
  width: number | null;
  height: number | null;
  /** The message it was sent in, once sent. */
  messageId: number | null;
  /** Where that message went. */
  receiverId: number | null;
  senderId: number | null;
  channelId: number | null;
}

/** Each chunk is its own short statement: a 10 MB file never holds the connection, or the event loop, in one piece. */
const CHUNK_BYTES = 256 * 1024;

/**
 * Stores the description, then the bytes chunk by chunk; a failure part-way removes what was
 * written. `beforeChunk` is awaited before each chunk is written, with its size (the caller's pacing).
 */
export async function insertChatAttachment(
  db: DbOrTrx,
  values: NewChatAttachment,
  beforeChunk: (bytes: number) => Promise<void> = () => Promise.resolve(),
): Promise<number> {
  const row = await db
    .insertInto('chat_attachments')
    .values({
      uploader_id: values.uploaderId,
      kind: values.kind,
      content_type: values.contentType,
      file_name: values.fileName,
      size: values.data.byteLength,
      width: values.width,
      height: values.height,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    for (let seq = 0; seq * CHUNK_BYTES < values.data.byteLength; seq += 1) {
      const data = values.data.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES);
      await beforeChunk(data.byteLength);
      await db.insertInto('chat_attachment_chunks').values({ attachment_id: row.id, seq, data }).execute();
    }
  } catch (error) {
    await db.deleteFrom('chat_attachments').where('id', '=', row.id).execute();
    throw error;
  }
  return row.id;
}

/** The attachment's description and the conversation it was sent in (never its bytes). */
export async function findChatAttachment(db: DbOrTrx, id: number): Promise<ChatAttachmentRecord | undefined> {
  const row = await db
    .selectFrom('chat_attachments as a')
    .leftJoin('chat_messages as m', 'm.attachment_id', 'a.id')
    .select([
      'a.id',
      'a.uploader_id',
      'a.kind',
      'a.content_type',
      'a.file_name',
      'a.size',
      'a.width',
      'a.height',
      'm.id as message_id',
      'm.sender_id',
      'm.receiver_id',
      'm.channel_id',
    ])
    .where('a.id', '=', id)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      uploaderId: row.uploader_id,
      kind: row.kind,
      contentType: row.content_type,
      fileName: row.file_name,
      size: Number(row.size),
      width: row.width,
      height: row.height,
      messageId: row.message_id,
      senderId: row.sender_id,
      receiverId: row.receiver_id,
      channelId: row.channel_id,
    }
  );
}

/** The bytes, chunk by chunk in order (none for an unknown id). */
export async function* readChatAttachmentChunks(db: DbOrTrx, id: number): AsyncGenerator<Uint8Array> {
  for (let seq = 0; ; seq += 1) {
    const row = await db
      .selectFrom('chat_attachment_chunks')
      .select('data')
      .where('attachment_id', '=', id)
      .where('seq', '=', seq)
      .executeTakeFirst();
    if (!row) return;
    yield row.data;
  }
}
