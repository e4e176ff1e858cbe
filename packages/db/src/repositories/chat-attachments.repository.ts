/** Files sent in the chat, kept in the database so every replica serves the same bytes. */
import { sql } from 'kysely';
import type { ChatAttachmentKind } from '../tables/chat.table.js';
import type { DbOrTrx } from '../types.js';

export interface NewChatAttachment {
  /** Null for a file received over WhatsApp. */
  uploaderId: number | null;
  kind: ChatAttachmentKind;
  contentType: string;
  fileName: string;
  width: number | null;
  height: number | null;
  data: Uint8Array;
}

export interface ChatAttachmentRecord {
  id: number;
  uploaderId: number | null;
  kind: ChatAttachmentKind;
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
  /** The lead whose WhatsApp conversation holds it (anyone who reads the lead downloads it). */
  whatsappLeadId: number | null;
}

/** Each chunk is its own short statement: a 10 MB file never holds the connection, or the event loop, in one piece. */
const CHUNK_BYTES = 256 * 1024;

/**
 * The bytes a user's attachments take, sent or not (the quota counts them all), for the caller to
 * compare with the quota while holding lockAttachmentUploader.
 */
export async function storedAttachmentBytes(db: DbOrTrx, uploaderId: number): Promise<number> {
  const row = await db
    .selectFrom('chat_attachments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('size'), eb.lit(0)).as('bytes'))
    .where('uploader_id', '=', uploaderId)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/** The description alone, its size included: from its commit on, the quota counts it while the bytes follow. */
export async function insertChatAttachmentRow(db: DbOrTrx, values: Omit<NewChatAttachment, 'data'> & { size: number }): Promise<number> {
  const row = await db
    .insertInto('chat_attachments')
    .values({
      uploader_id: values.uploaderId,
      kind: values.kind,
      content_type: values.contentType,
      file_name: values.fileName,
      size: values.size,
      width: values.width,
      height: values.height,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Writes the bytes of a described attachment chunk by chunk; a failure part-way removes it whole.
 * `beforeChunk` is awaited before each chunk is written, with its size (the caller's pacing).
 */
export async function writeChatAttachmentChunks(
  db: DbOrTrx,
  id: number,
  data: Uint8Array,
  beforeChunk: (bytes: number) => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  try {
    for (let seq = 0; seq * CHUNK_BYTES < data.byteLength; seq += 1) {
      const chunk = data.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES);
      await beforeChunk(chunk.byteLength);
      await db.insertInto('chat_attachment_chunks').values({ attachment_id: id, seq, data: chunk }).execute();
    }
  } catch (error) {
    await db.deleteFrom('chat_attachments').where('id', '=', id).execute();
    throw error;
  }
}

/**
 * Deletes up to `limit` attachments uploaded before `before` and never sent in a message nor kept in
 * a WhatsApp conversation (their chunks go with them); answers how many. One a send is citing right now is locked by it and left.
 */
export async function deleteUnsentChatAttachments(db: DbOrTrx, before: Date, limit: number): Promise<number> {
  const result = await sql`delete from chat_attachments where id in (
      select a.id from chat_attachments a
      where a.created_at < ${before}
        and not exists (select 1 from chat_messages m where m.attachment_id = a.id)
        and not exists (select 1 from whatsapp_messages w where w.attachment_id = a.id)
      order by a.id
      limit ${limit}
      for update skip locked
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The attachment's description and the conversation it was sent in (never its bytes). */
export async function findChatAttachment(db: DbOrTrx, id: number): Promise<ChatAttachmentRecord | undefined> {
  const row = await db
    .selectFrom('chat_attachments as a')
    .leftJoin('chat_messages as m', 'm.attachment_id', 'a.id')
    .leftJoin('whatsapp_messages as w', 'w.attachment_id', 'a.id')
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
      'w.lead_id as whatsapp_lead_id',
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
      whatsappLeadId: row.whatsapp_lead_id,
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
