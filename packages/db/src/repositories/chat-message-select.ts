/** The one selection of chat messages every chat query reads, one-to-one and channel alike. */
import { sql } from 'kysely';
import type { DbOrTrx } from '../types.js';
import { type LeadReader, visibleLeads } from './lead-visibility.repository.js';

/**
 * Messages with their attachment's description and the shared lead's name (never the attachment's
 * bytes). A lead card shows only to a reader who may see the lead; to anyone else it is no card.
 */
export function selectMessages(db: DbOrTrx, reader: LeadReader) {
  return db
    .selectFrom('chat_messages as m')
    .leftJoin('chat_attachments as a', 'a.id', 'm.attachment_id')
    .leftJoin('leads as l', (join) => join.onRef('l.id', '=', 'm.lead_id').on(visibleLeads(reader, 'l')))
    .select([
      'm.id',
      'm.sender_id',
      'm.receiver_id',
      'm.channel_id',
      'm.message',
      'm.is_read',
      'm.created_at',
      'm.attachment_id',
      'm.lead_id',
      'a.kind as a_kind',
      'a.file_name as a_name',
      'a.content_type as a_type',
      'a.size as a_size',
      'a.width as a_width',
      'a.height as a_height',
      'l.name as lead_name',
    ]);
}

/**
 * A conversation's preview of its last message: the text, or for a message without text its
 * attachment ('📎 presupuesto.pdf') or the lead it shares. The columns are a message's, its
 * attachment's file name and its lead's name.
 */
export function messagePreview(message: string, fileName: string, leadName: string) {
  return sql<string>`coalesce(nullif(${sql.ref(message)}, ''), '📎 ' || ${sql.ref(fileName)}, 'Lead: ' || ${sql.ref(leadName)}, '')`;
}

export type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>['executeTakeFirstOrThrow']>>;
