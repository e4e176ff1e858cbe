/**
 * The Cloud API side of WhatsApp: the connection's settings row (secrets as sealed text only), the
 * synced templates, Meta's status updates and fetched media on stored messages, and the inbox.
 */
import type { WhatsAppInboxItem, WhatsAppStatus } from '@crm/domain';
import { type Selectable, type SqlBool, sql } from 'kysely';
import type { WhatsAppSettingsTable } from '../tables/whatsapp.table.js';
import type { DbOrTrx } from '../types.js';
import { type LeadReader, visibleLeadsCondition } from './lead-visibility.repository.js';

export type WhatsAppSettingsRow = Selectable<WhatsAppSettingsTable>;

export async function findWhatsAppSettingsRow(db: DbOrTrx): Promise<WhatsAppSettingsRow | undefined> {
  return db.selectFrom('whatsapp_settings').selectAll().executeTakeFirst();
}

/** Creates the row on first use with its generated verify token; two replicas at once keep one. */
export async function ensureWhatsAppSettingsRow(
  db: DbOrTrx,
  defaults: { verifyToken: string; graphBaseUrl: string; graphVersion: string },
): Promise<WhatsAppSettingsRow> {
  await db
    .insertInto('whatsapp_settings')
    .values({ verify_token: defaults.verifyToken, graph_base_url: defaults.graphBaseUrl, graph_version: defaults.graphVersion })
    .onConflict((oc) => oc.column('singleton').doNothing())
    .execute();
  return db.selectFrom('whatsapp_settings').selectAll().executeTakeFirstOrThrow();
}

export async function updateWhatsAppSettingsRow(
  db: DbOrTrx,
  changes: Partial<Omit<WhatsAppSettingsRow, 'singleton' | 'updated_at'>>,
): Promise<void> {
  await db
    .updateTable('whatsapp_settings')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .execute();
}

export interface SyncedTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string | null;
  components: unknown[];
}

/** The account's templates replace the stored ones in one statement each way: gone from Meta, gone here. */
export async function replaceWhatsAppTemplates(db: DbOrTrx, templates: readonly SyncedTemplate[]): Promise<void> {
  const ids = templates.map((template) => template.id);
  await (ids.length === 0
    ? db.deleteFrom('whatsapp_templates').execute()
    : db.deleteFrom('whatsapp_templates').where('id', 'not in', ids).execute());
  if (templates.length === 0) return;
  await db
    .insertInto('whatsapp_templates')
    .values(templates.map((template) => ({ ...template, components: JSON.stringify(template.components) })))
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        language: eb.ref('excluded.language'),
        status: eb.ref('excluded.status'),
        category: eb.ref('excluded.category'),
        components: eb.ref('excluded.components'),
        synced_at: sql<Date>`now()`,
      })),
    )
    .execute();
}

export async function listWhatsAppTemplates(db: DbOrTrx, onlyApproved: boolean): Promise<SyncedTemplate[]> {
  let query = db.selectFrom('whatsapp_templates').select(['id', 'name', 'language', 'status', 'category', 'components']);
  if (onlyApproved) query = query.where('status', '=', 'APPROVED');
  return query.orderBy('name').orderBy('language').execute();
}

/** A status's place in WHATSAPP_STATUS_RANK (packages/domain), as SQL. */
const rankOf = (status: ReturnType<typeof sql.ref> | string) =>
  sql<number>`array_position(array['received','pending','sent','delivered','read','failed']::text[], ${status}::text)`;

/**
 * Meta's report on one of our messages, applied only if it moves it forward: a 'delivered' that
 * arrives after the 'read' changes nothing. Answers the message's id when it changed, null when it
 * did not, undefined when no message has that wamid (yet: our send may not have recorded it).
 */
export async function applyWhatsAppStatus(
  db: DbOrTrx,
  update: { waMessageId: string; status: WhatsAppStatus; failureReason: string | null },
): Promise<number | null | undefined> {
  const changed = await db
    .updateTable('whatsapp_messages')
    .set({ status: update.status, failure_reason: update.failureReason })
    .where('wa_message_id', '=', update.waMessageId)
    // Statuses are Meta's reports on our messages: a customer's message never takes one.
    .where('direction', '=', 'outbound')
    .where(sql<boolean>`${rankOf(sql.ref('status'))} < ${rankOf(update.status)}`)
    .returning('id')
    .executeTakeFirst();
  if (changed) return Number(changed.id);
  const exists = await db.selectFrom('whatsapp_messages').select('id').where('wa_message_id', '=', update.waMessageId).executeTakeFirst();
  return exists ? null : undefined;
}

/** Our send was accepted (its wamid, 'sent' unless a webhook already moved it on) or refused (failed, with Meta's reason). */
export async function recordWhatsAppSend(
  db: DbOrTrx,
  id: number,
  outcome: { waMessageId: string } | { failureReason: string },
): Promise<void> {
  const query = db.updateTable('whatsapp_messages').where('id', '=', String(id));
  await ('waMessageId' in outcome
    ? query.set({ wa_message_id: outcome.waMessageId, status: sql`case when status = 'pending' then 'sent' else status end` }).execute()
    : query.set({ status: 'failed', failure_reason: outcome.failureReason }).execute());
}

/** The fetched file joins its message; or why it could not be fetched is kept for the bubble. */
export async function recordWhatsAppMedia(db: DbOrTrx, id: number, outcome: { attachmentId: number } | { error: string }): Promise<void> {
  const query = db.updateTable('whatsapp_messages').where('id', '=', String(id));
  await ('attachmentId' in outcome
    ? query.set({ attachment_id: outcome.attachmentId, details: sql`details - 'mediaError'` }).execute()
    : query.set({ details: sql`details || jsonb_build_object('mediaError', ${outcome.error}::text)` }).execute());
}

export async function findWhatsAppMessageMedia(
  db: DbOrTrx,
  id: number,
): Promise<{ kind: string; attachmentId: number | null; details: Record<string, unknown> } | undefined> {
  const row = await db
    .selectFrom('whatsapp_messages')
    .select(['kind', 'attachment_id', 'details'])
    .where('id', '=', String(id))
    .executeTakeFirst();
  return row && { kind: row.kind, attachmentId: row.attachment_id, details: row.details };
}

/** The lead whose conversation is with this WhatsApp id (its phone may since have changed). */
export async function findLeadIdByWaId(db: DbOrTrx, waId: string): Promise<number | undefined> {
  const row = await db.selectFrom('whatsapp_conversations').select('lead_id').where('wa_id', '=', waId).executeTakeFirst();
  return row?.lead_id;
}

/**
 * The lead one of whose contacts has this phone or WhatsApp number (any of its keys, by the
 * contacts' generated phone_key: the trigram index finds candidates, the exact token decides).
 */
export async function findLeadIdByContactPhone(db: DbOrTrx, phoneKeys: readonly string[]): Promise<number | undefined> {
  if (phoneKeys.length === 0) return undefined;
  const row = await db
    .selectFrom('contacts')
    .select('lead_id')
    .where((eb) =>
      eb.or(
        phoneKeys.map((key) => eb.and([eb('phone_key', 'like', `%${key}%`), sql<boolean>`${key} = any(string_to_array(phone_key, ' '))`])),
      ),
    )
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.lead_id;
}

/**
 * The team's open conversations: unread first, then the newest; 'mias' only the viewer's leads.
 * The preview is the last message's text, or what it carries.
 */
export async function listWhatsAppInbox(
  db: DbOrTrx,
  reader: LeadReader,
  query: { assignedTo: number | null; limit: number },
): Promise<WhatsAppInboxItem[]> {
  const visible = visibleLeadsCondition(reader, 'l');
  let select = db
    .selectFrom('whatsapp_conversations as c')
    .innerJoin('leads as l', 'l.id', 'c.lead_id')
    .leftJoin('users as u', 'u.id', 'l.assigned_to')
    .select([
      'c.lead_id',
      'l.name',
      'l.assigned_to',
      'u.first_name',
      'u.last_name',
      'c.last_message_at',
      'c.last_inbound_at',
      'c.unread_count',
      sql<string | null>`last.preview`.as('preview'),
      sql<'inbound' | 'outbound' | null>`last.direction`.as('direction'),
    ])
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('whatsapp_messages as m')
          .select([sql<string>`coalesce(nullif(m.body, ''), case m.kind when 'text' then '' else m.kind end)`.as('preview'), 'm.direction'])
          .whereRef('m.lead_id', '=', 'c.lead_id')
          .orderBy('m.sent_at', 'desc')
          .orderBy('m.id', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    );
  if (query.assignedTo !== null) select = select.where('l.assigned_to', '=', query.assignedTo);
  if (visible) select = select.where(visible);
  const rows = await select
    .orderBy(sql`c.unread_count > 0`, 'desc')
    .orderBy('c.last_message_at', 'desc')
    .limit(query.limit)
    .execute();
  return rows.map((row) => ({
    leadId: row.lead_id,
    leadName: row.name,
    assignee: row.assigned_to === null ? null : { id: row.assigned_to, firstName: row.first_name, lastName: row.last_name },
    lastMessageAt: row.last_message_at,
    lastInboundAt: row.last_inbound_at,
    unreadCount: row.unread_count,
    preview: row.preview ?? '',
    lastDirection: row.direction,
  }));
}

export async function countUnreadWhatsAppConversations(db: DbOrTrx, reader: LeadReader, assignedTo: number | null): Promise<number> {
  const visible = visibleLeadsCondition(reader, 'l');
  let query = db
    .selectFrom('whatsapp_conversations as c')
    .innerJoin('leads as l', 'l.id', 'c.lead_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('c.unread_count', '>', 0);
  if (assignedTo !== null) query = query.where('l.assigned_to', '=', assignedTo);
  if (visible) query = query.where(visible ?? sql<SqlBool>`true`);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * For a lead with a WhatsApp conversation the tracking figures come from its messages: sent (ours,
 * not failed), received, responded (the customer wrote), last contact (the newest message's day on
 * the team's clock). Creates the record when the lead had none.
 */
export async function syncWhatsAppTracking(db: DbOrTrx, leadId: number, timeZone: string): Promise<void> {
  await sql`
    insert into conversation_tracking (lead_id, messages_from_lead, messages_to_lead, has_responded, last_contact_date)
    select ${leadId},
      count(*) filter (where direction = 'inbound' and kind not in ('reaction', 'system')),
      count(*) filter (where direction = 'outbound' and status <> 'failed' and kind not in ('reaction', 'system')),
      bool_or(direction = 'inbound'),
      (max(sent_at) at time zone ${timeZone})::date
    from whatsapp_messages where lead_id = ${leadId}
    having count(*) > 0
    on conflict (lead_id) do update set
      messages_from_lead = excluded.messages_from_lead,
      messages_to_lead = excluded.messages_to_lead,
      has_responded = excluded.has_responded,
      last_contact_date = greatest(conversation_tracking.last_contact_date, excluded.last_contact_date),
      updated_at = now()`.execute(db);
}
