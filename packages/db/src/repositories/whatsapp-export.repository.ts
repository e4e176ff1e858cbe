/**
 * Messages of a chat exported from the phone, written into a lead's WhatsApp conversation
 * set-based: one statement for all of them, each kept once per lead by its export key, so a
 * re-import of a longer export of the same chat adds only what is new.
 */
import { sql } from 'kysely';
import type { WhatsAppDirection, WhatsAppMessageKind } from '../tables/whatsapp.table.js';
import type { DbOrTrx } from '../types.js';

export interface ExportedWhatsAppMessage {
  exportKey: string;
  direction: WhatsAppDirection;
  kind: WhatsAppMessageKind;
  body: string | null;
  details: Record<string, unknown>;
  attachmentId: number | null;
  authorName: string | null;
  sentAt: Date;
}

/** Which of these keys the lead's conversation already holds (one array parameter, however many). */
export async function existingExportKeys(db: DbOrTrx, leadId: number, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('whatsapp_messages')
    .select('export_key')
    .where('lead_id', '=', leadId)
    .where('export_key', '=', sql<string>`any(${[...keys]}::text[])`)
    .execute();
  return new Set(rows.flatMap((row) => (row.export_key === null ? [] : [row.export_key])));
}

/**
 * Inserts the messages in one statement (arrays through unnest: nine parameters whatever the count);
 * a message the lead already has (same export key) is skipped by the unique index. Answers the
 * inserted ones' times, to move the conversation's last message.
 */
export async function insertExportedWhatsAppMessages(
  db: DbOrTrx,
  leadId: number,
  messages: readonly ExportedWhatsAppMessage[],
): Promise<{ inserted: number; lastAt: Date | null }> {
  if (messages.length === 0) return { inserted: 0, lastAt: null };
  const column = <T>(pick: (message: ExportedWhatsAppMessage) => T) => messages.map(pick);
  const result = await sql<{ inserted: string; last_at: Date | null }>`
    with added as (
      insert into whatsapp_messages
        (lead_id, direction, origin, export_key, kind, body, details, attachment_id, author_name, status, sent_at)
      select ${leadId}, m.direction, 'export', m.export_key, m.kind, m.body, m.details::jsonb, m.attachment_id, m.author_name,
        case when m.direction = 'outbound' then 'sent' else 'received' end, m.sent_at
      from unnest(
        ${column((m) => m.exportKey)}::text[], ${column((m) => m.direction)}::text[], ${column((m) => m.kind)}::text[],
        ${column((m) => m.body)}::text[], ${column((m) => JSON.stringify(m.details))}::text[],
        ${column((m) => m.attachmentId)}::int[], ${column((m) => m.authorName)}::text[],
        ${column((m) => m.sentAt.toISOString())}::timestamptz[]
      ) as m(export_key, direction, kind, body, details, attachment_id, author_name, sent_at)
      on conflict (lead_id, export_key) where export_key is not null do nothing
      returning sent_at
    )
    select count(*) as inserted, max(sent_at) as last_at from added`.execute(db);
  const row = result.rows[0];
  return { inserted: Number(row?.inserted ?? 0), lastAt: row?.last_at ?? null };
}

/**
 * The lead's conversation row, created or moved to a later last message. An export leaves the unread
 * count and the 24-hour window alone: its messages were read on the phone, and they did not reach
 * the Cloud API's number.
 */
export async function touchWhatsAppConversation(db: DbOrTrx, leadId: number, lastAt: Date): Promise<void> {
  await db
    .insertInto('whatsapp_conversations')
    .values({ lead_id: leadId, last_message_at: lastAt })
    .onConflict((oc) =>
      oc
        .column('lead_id')
        .doUpdateSet({ last_message_at: sql`greatest(whatsapp_conversations.last_message_at, excluded.last_message_at)` }),
    )
    .execute();
}
