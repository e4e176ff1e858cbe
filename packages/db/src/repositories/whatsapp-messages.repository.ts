/**
 * A lead's WhatsApp conversation, whatever brought the messages in (origin 'cloud': the Cloud API's
 * webhooks and our sends; 'export': a chat exported from the phone): storing them once, reading
 * them page by page, and the conversation row the inbox and the 24-hour window read.
 */
import type { WhatsAppConversationState, WhatsAppMessage } from '@crm/domain';
import { sql } from 'kysely';
import type { WhatsAppDirection, WhatsAppMessageKind, WhatsAppMessageStatus, WhatsAppOrigin } from '../tables/whatsapp.table.js';
import type { DbOrTrx } from '../types.js';
import { chatAttachmentOf } from './chat.repository.js';

export interface NewWhatsAppMessage {
  leadId: number;
  direction: WhatsAppDirection;
  origin: WhatsAppOrigin;
  /** Meta's wamid (origin 'cloud'; null for a send not yet accepted). */
  waMessageId?: string | null;
  /** The export's digest of the message (origin 'export' only). */
  exportKey?: string | null;
  kind: WhatsAppMessageKind;
  body?: string | null;
  details?: Record<string, unknown>;
  attachmentId?: number | null;
  authorName?: string | null;
  sentBy?: number | null;
  status: WhatsAppMessageStatus;
  failureReason?: string | null;
  sentAt: Date;
}

function selectWhatsAppMessages(db: DbOrTrx) {
  return db
    .selectFrom('whatsapp_messages as w')
    .leftJoin('chat_attachments as a', 'a.id', 'w.attachment_id')
    .leftJoin('users as u', 'u.id', 'w.sent_by')
    .select([
      'w.id',
      'w.lead_id',
      'w.direction',
      'w.origin',
      'w.kind',
      'w.body',
      'w.details',
      'w.attachment_id',
      'w.author_name',
      'w.sent_by',
      'w.status',
      'w.failure_reason',
      'w.sent_at',
      'a.kind as a_kind',
      'a.file_name as a_name',
      'a.content_type as a_type',
      'a.size as a_size',
      'a.width as a_width',
      'a.height as a_height',
      'u.first_name as u_first_name',
      'u.last_name as u_last_name',
    ]);
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof selectWhatsAppMessages>['executeTakeFirstOrThrow']>>;

function toDto(row: MessageRow): WhatsAppMessage {
  return {
    id: Number(row.id),
    leadId: row.lead_id,
    direction: row.direction,
    origin: row.origin,
    kind: row.kind,
    body: row.body,
    details: row.details,
    attachment: chatAttachmentOf(row),
    authorName: row.author_name,
    sentBy: row.sent_by === null ? null : { id: row.sent_by, firstName: row.u_first_name ?? null, lastName: row.u_last_name ?? null },
    status: row.status,
    failureReason: row.failure_reason,
    sentAt: row.sent_at,
  };
}

/**
 * One page of a lead's conversation, oldest first: the `limit` messages before the message `before`
 * (the newest ones without it), and whether older ones remain.
 */
export async function listWhatsAppMessages(
  db: DbOrTrx,
  leadId: number,
  page: { before?: number | undefined; limit: number },
): Promise<{ messages: WhatsAppMessage[]; hasMore: boolean }> {
  let query = selectWhatsAppMessages(db).where('w.lead_id', '=', leadId);
  if (page.before !== undefined) {
    // Ordered by (sent_at, id): an exported chat's old messages may have larger ids than newer ones.
    query = query.where(
      sql<boolean>`(w.sent_at, w.id) < (select sent_at, id from whatsapp_messages where id = ${page.before} and lead_id = ${leadId})`,
    );
  }
  const rows = await query
    .orderBy('w.sent_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(page.limit + 1)
    .execute();
  return { messages: rows.slice(0, page.limit).reverse().map(toDto), hasMore: rows.length > page.limit };
}

export async function findWhatsAppMessagesByIds(db: DbOrTrx, ids: readonly number[]): Promise<WhatsAppMessage[]> {
  if (ids.length === 0) return [];
  const rows = await selectWhatsAppMessages(db)
    .where(
      'w.id',
      'in',
      ids.map((id) => String(id)),
    )
    .orderBy('w.id')
    .execute();
  return rows.map(toDto);
}

export async function findWhatsAppConversation(db: DbOrTrx, leadId: number): Promise<WhatsAppConversationState | undefined> {
  const row = await db
    .selectFrom('whatsapp_conversations')
    .select(['wa_id', 'last_message_at', 'last_inbound_at', 'unread_count'])
    .where('lead_id', '=', leadId)
    .executeTakeFirst();
  return row && { waId: row.wa_id, lastMessageAt: row.last_message_at, lastInboundAt: row.last_inbound_at, unreadCount: row.unread_count };
}

/**
 * Stores the messages a lead's conversation does not hold yet and answers the ids of those it
 * stored, in the order given: one already kept (the same wamid that Meta sent again, the same
 * exported line) is skipped by its unique index, whoever inserts it at the same time.
 */
export async function insertWhatsAppMessages(
  db: DbOrTrx,
  messages: readonly NewWhatsAppMessage[],
): Promise<{ id: number; waMessageId: string | null; exportKey: string | null }[]> {
  if (messages.length === 0) return [];
  const rows = await db
    .insertInto('whatsapp_messages')
    .values(
      messages.map((message) => ({
        lead_id: message.leadId,
        direction: message.direction,
        origin: message.origin,
        wa_message_id: message.waMessageId ?? null,
        export_key: message.exportKey ?? null,
        kind: message.kind,
        body: message.body ?? null,
        details: JSON.stringify(message.details ?? {}),
        attachment_id: message.attachmentId ?? null,
        author_name: message.authorName ?? null,
        sent_by: message.sentBy ?? null,
        status: message.status,
        failure_reason: message.failureReason ?? null,
        sent_at: message.sentAt,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'wa_message_id', 'export_key'])
    .execute();
  return rows.map((row) => ({ id: Number(row.id), waMessageId: row.wa_message_id, exportKey: row.export_key }));
}

/**
 * Brings the lead's conversation row in step with its messages (created on the first one): the
 * newest message's time, the customer's last Cloud API message (an exported chat never opens
 * Meta's 24-hour window), `unreadAdded` more unread, and the customer's WhatsApp id when known.
 */
export async function refreshWhatsAppConversation(
  db: DbOrTrx,
  leadId: number,
  changes: { waId?: string | null; unreadAdded?: number } = {},
): Promise<void> {
  const unreadAdded = changes.unreadAdded ?? 0;
  await sql`
    insert into whatsapp_conversations (lead_id, wa_id, last_message_at, last_inbound_at, unread_count)
    select ${leadId}, ${changes.waId ?? null}, max(sent_at),
      max(sent_at) filter (where direction = 'inbound' and origin = 'cloud'), ${unreadAdded}
    from whatsapp_messages where lead_id = ${leadId}
    having count(*) > 0
    on conflict (lead_id) do update set
      wa_id = coalesce(excluded.wa_id, whatsapp_conversations.wa_id),
      last_message_at = excluded.last_message_at,
      last_inbound_at = excluded.last_inbound_at,
      unread_count = whatsapp_conversations.unread_count + ${unreadAdded}`.execute(db);
}

/** The lead's conversation read: its unread count back to 0; answers whether there was anything unread. */
export async function markWhatsAppConversationRead(db: DbOrTrx, leadId: number): Promise<boolean> {
  const result = await db
    .updateTable('whatsapp_conversations')
    .set({ unread_count: 0 })
    .where('lead_id', '=', leadId)
    .where('unread_count', '>', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
