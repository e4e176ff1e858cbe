/**
 * The personal data of a lead or of one of its contacts (GDPR arts. 15 and 17,
 * docs/personal-data.md): everything stored about the person, read for an export, and erased in
 * place for an anonymisation. The erasure keeps every row (counts, history entries and their keys
 * stay), only the values that identify go.
 */
import { CUSTOM_FIELD_CHANGE_PREFIX, leadSearchText } from '@crm/domain';
import { type RawBuilder, sql } from 'kysely';
import type { DbOrTrx } from '../types.js';

export const ANONYMIZED_VALUE = '[anonimizado]';

/** The keys of history changes (and their nested values) that can hold personal data; custom values' too ('customFields.<key>'). */
const PERSONAL_KEYS = new Set([
  'name',
  'email',
  'phone',
  'address',
  'domain',
  'description',
  'excerpt',
  'note',
  'notes',
  'body',
  'mergedLead',
  'cargo',
  'whatsappPhone',
  'customFields',
]);

function mask(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map(mask);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, mask(inner)]));
  return typeof value === 'number' ? value : ANONYMIZED_VALUE;
}

/** The same change with every personal value replaced and its shape kept ({ from, to } stays { from, to }). */
export function maskPersonalChanges(changes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(changes).map(([key, value]) => {
      if (PERSONAL_KEYS.has(key) || key.startsWith(CUSTOM_FIELD_CHANGE_PREFIX))
        return [key, key === 'mergedLead' ? { ...(value as object), name: ANONYMIZED_VALUE } : mask(value)];
      if (value !== null && typeof value === 'object' && !Array.isArray(value))
        return [key, maskPersonalChanges(value as Record<string, unknown>)];
      return [key, value];
    }),
  );
}

/**
 * A history entry's change with one contact's values masked and the rest kept: an entry about the
 * contact (`contact.id`) loses every personal value but the next primary's name (another person);
 * an entry that made it the next primary loses only that name.
 */
function maskContactChanges(changes: Record<string, unknown>, contactId: number): Record<string, unknown> {
  const { contact, newPrimary, ...rest } = changes as { contact?: { id?: unknown }; newPrimary?: { id?: unknown } };
  const about = contact?.id === contactId;
  return {
    ...(about ? maskPersonalChanges({ contact, ...rest }) : { ...changes }),
    ...(newPrimary === undefined
      ? {}
      : { newPrimary: newPrimary.id === contactId ? { ...newPrimary, name: ANONYMIZED_VALUE } : newPrimary }),
  };
}

/** The history entries that name contact `contactId` (its own entries, or the one that made it the primary). */
function historyAboutContact(db: DbOrTrx, leadId: number, contactId: number) {
  return db
    .selectFrom('lead_history')
    .where('lead_id', '=', leadId)
    .where(
      sql<boolean>`(changes @> ${JSON.stringify({ contact: { id: contactId } })}::jsonb
        or changes @> ${JSON.stringify({ newPrimary: { id: contactId } })}::jsonb)`,
    );
}

/** Rewrites history entries' changes in one statement. */
async function rewriteHistory(trx: DbOrTrx, entries: readonly { id: number; changes: Record<string, unknown> }[]): Promise<void> {
  if (entries.length === 0) return;
  await sql`update lead_history set changes = v.changes
    from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as v(id int, changes jsonb)
    where lead_history.id = v.id`.execute(trx);
}

/** The names a history change of `name` holds ({ from, to } of an edit). */
function namesIn(change: unknown): string[] {
  if (change === null || typeof change !== 'object') return [];
  return Object.values(change).filter((value): value is string => typeof value === 'string');
}

/**
 * Each contact keeps its row (and which one is primary), named by its id: its fields, custom
 * values and search keys (Ctrl+K's search_text; phone_key follows the phones) are erased.
 */
async function eraseContacts(trx: DbOrTrx, which: RawBuilder<unknown>): Promise<void> {
  await sql`update contacts set name = 'Contacto anonimizado #' || id, cargo = null, email = null, phone = null,
              whatsapp_phone = null, phone_has_whatsapp = false, notes = null, custom_fields = '{}',
              search_text = 'contacto anonimizado #' || id, updated_at = now()
            where ${which}`.execute(trx);
}

export async function readPersonalData(db: DbOrTrx, leadId: number) {
  const [lead, history, notes, tracking, followUps, chatMessages, whatsappMessages, formSubmissions, contacts] = await Promise.all([
    db.selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirst(),
    db.selectFrom('lead_history').select(['id', 'type', 'actor_id', 'changes', 'at']).where('lead_id', '=', leadId).orderBy('id').execute(),
    db.selectFrom('lead_notes').select(['id', 'author_id', 'body', 'created_at']).where('lead_id', '=', leadId).orderBy('id').execute(),
    db.selectFrom('conversation_tracking').selectAll().where('lead_id', '=', leadId).executeTakeFirst(),
    db
      .selectFrom('follow_ups')
      .select(['id', 'owner_id', 'due_at', 'note', 'done_at'])
      .where('lead_id', '=', leadId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('chat_messages as m')
      .leftJoin('chat_attachments as a', 'a.id', 'm.attachment_id')
      .select(['m.id', 'm.sender_id', 'm.receiver_id', 'm.channel_id', 'm.message', 'm.created_at'])
      .select(['a.id as attachment_id', 'a.file_name', 'a.content_type', 'a.size'])
      .where('m.lead_id', '=', leadId)
      .orderBy('m.id')
      .execute(),
    db
      .selectFrom('whatsapp_messages as w')
      .leftJoin('chat_attachments as a', 'a.id', 'w.attachment_id')
      .select(['w.id', 'w.direction', 'w.kind', 'w.body', 'w.author_name', 'w.status', 'w.sent_at'])
      .select(['a.id as attachment_id', 'a.file_name', 'a.content_type', 'a.size'])
      .where('w.lead_id', '=', leadId)
      .orderBy('w.sent_at')
      .orderBy('w.id')
      .execute(),
    db
      .selectFrom('web_form_submissions')
      .select(['id', 'form_id', 'outcome', 'page_url', 'referrer', 'utm', 'created_at'])
      .where('lead_id', '=', leadId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('contacts')
      .select(['id', 'name', 'cargo', 'email', 'phone', 'whatsapp_phone', 'notes', 'is_primary', 'custom_fields', 'created_at'])
      .where('lead_id', '=', leadId)
      .orderBy('id')
      .execute(),
  ]);
  return lead && { lead, history, notes, tracking, followUps, chatMessages, whatsappMessages, formSubmissions, contacts };
}

export type PersonalDataRows = NonNullable<Awaited<ReturnType<typeof readPersonalData>>>;

/**
 * Erases the lead's personal data everywhere it is stored, in the caller's transaction (the lead
 * row locked first). Its name becomes 'Anonimizado #id'; lines that named it (activities,
 * notifications) name that instead; attachments the person sent over WhatsApp are deleted.
 */
export async function anonymizeLeadData(trx: DbOrTrx, leadId: number, currentName: string): Promise<void> {
  const name = `Anonimizado #${leadId}`;
  await trx
    .updateTable('leads')
    .set({
      name,
      email: null,
      phone: null,
      address: null,
      domain: null,
      description: null,
      search_text: leadSearchText(name, null),
      updated_at: new Date(),
    })
    .where('id', '=', leadId)
    .execute();
  const history = await trx.selectFrom('lead_history').select(['id', 'changes']).where('lead_id', '=', leadId).execute();
  // Every name it had: lines written under an earlier one name that one.
  const names = new Set([currentName, ...history.flatMap((entry) => namesIn(entry.changes['name']))]);
  await rewriteHistory(
    trx,
    history.map((entry) => ({ id: entry.id, changes: maskPersonalChanges(entry.changes) })),
  );
  await trx.updateTable('lead_notes').set({ body: ANONYMIZED_VALUE }).where('lead_id', '=', leadId).execute();
  // The lead's contacts are people too (their history values were masked above with the lead's).
  await eraseContacts(trx, sql`lead_id = ${leadId}`);
  await trx.updateTable('conversation_tracking').set({ notes: null }).where('lead_id', '=', leadId).execute();
  await trx.updateTable('follow_ups').set({ note: null }).where('lead_id', '=', leadId).execute();
  const media = await trx
    .selectFrom('whatsapp_messages')
    .select('attachment_id')
    .where('lead_id', '=', leadId)
    .where('attachment_id', 'is not', null)
    .execute();
  await trx
    .updateTable('whatsapp_messages')
    .set({ body: null, author_name: null, details: '{}', attachment_id: null })
    .where('lead_id', '=', leadId)
    .execute();
  const mediaIds = media.flatMap((row) => (row.attachment_id === null ? [] : [row.attachment_id]));
  if (mediaIds.length > 0) await trx.deleteFrom('chat_attachments').where('id', 'in', mediaIds).execute();
  await trx.updateTable('whatsapp_conversations').set({ wa_id: null }).where('lead_id', '=', leadId).execute();
  await trx.updateTable('web_form_submissions').set({ page_url: null, referrer: null, utm: '{}' }).where('lead_id', '=', leadId).execute();
  // Longest first, so a name that contains another is replaced whole.
  for (const oldName of [...names].filter((value) => value.length > 0).sort((a, b) => b.length - a.length)) {
    await sql`update activities set description = replace(description, ${oldName}, ${name}) where lead_id = ${leadId}`.execute(trx);
    await sql`update notifications set title = replace(title, ${oldName}, ${name}), body = replace(body, ${oldName}, ${name})
              where lead_id = ${leadId}`.execute(trx);
  }
}

/** One contact's personal data: its row and the history entries that name it; undefined for an unknown contact. */
export async function readContactPersonalData(db: DbOrTrx, contactId: number) {
  const contact = await db
    .selectFrom('contacts')
    .select([
      'id',
      'lead_id',
      'name',
      'cargo',
      'email',
      'phone',
      'phone_has_whatsapp',
      'whatsapp_phone',
      'notes',
      'is_primary',
      'custom_fields',
      'created_at',
      'updated_at',
    ])
    .where('id', '=', contactId)
    .executeTakeFirst();
  if (!contact) return undefined;
  const history = await historyAboutContact(db, contact.lead_id, contactId)
    .select(['id', 'type', 'actor_id', 'changes', 'at'])
    .orderBy('id')
    .execute();
  return { contact, history };
}

export type ContactPersonalDataRows = NonNullable<Awaited<ReturnType<typeof readContactPersonalData>>>;

/**
 * Erases one contact's personal data, in the caller's transaction (its lead's row locked first):
 * its fields and search keys, and its values in the lead's history (entries and keys stay).
 */
export async function anonymizeContactData(trx: DbOrTrx, contact: { id: number; leadId: number }): Promise<void> {
  await eraseContacts(trx, sql`id = ${contact.id}`);
  const history = await historyAboutContact(trx, contact.leadId, contact.id).select(['id', 'changes']).execute();
  await rewriteHistory(
    trx,
    history.map((entry) => ({ id: entry.id, changes: maskContactChanges(entry.changes, contact.id) })),
  );
}
