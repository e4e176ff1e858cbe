/**
 * A lead's contacts: reads as DTOs, and the writes the service runs inside its transaction (with
 * the lead's row locked, so the writes of one lead's contacts apply one after the other and the
 * lead always keeps exactly one primary once it has contacts).
 */
import { type Contact, type CustomFieldValues, contactWhatsapp, leadSearchText } from '@crm/domain';
import { type Selectable, type Updateable, sql } from 'kysely';
import type { ContactsTable } from '../tables/contacts.table.js';
import type { DbOrTrx } from '../types.js';
import { EVERY_LEAD, type LeadReader, visibleLeads } from './lead-visibility.repository.js';

export type ContactRow = Selectable<ContactsTable>;

export function toContactDto(row: ContactRow): Contact {
  const fields = { phone: row.phone, phoneHasWhatsapp: row.phone_has_whatsapp, whatsappPhone: row.whatsapp_phone };
  return {
    id: row.id,
    leadId: row.lead_id,
    name: row.name,
    cargo: row.cargo,
    email: row.email,
    ...fields,
    whatsapp: contactWhatsapp(fields),
    notes: row.notes,
    isPrimary: row.is_primary,
    // Written only through the definitions' schema (custom-fields/values-schema.ts).
    customFields: row.custom_fields as CustomFieldValues,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The primary first, then in the order they were added. */
export async function listContacts(db: DbOrTrx, leadId: number): Promise<Contact[]> {
  const rows = await db
    .selectFrom('contacts')
    .selectAll()
    .where('lead_id', '=', leadId)
    .orderBy('is_primary', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toContactDto);
}

/** The custom values of the primary contacts of `leadIds`, by lead (the exports' contact columns). */
/** The custom values of the primary contacts of those leads that `reader` may see, by lead id. */
export async function primaryContactCustomFields(
  db: DbOrTrx,
  leadIds: readonly number[],
  reader: LeadReader = EVERY_LEAD,
): Promise<Map<number, CustomFieldValues>> {
  if (leadIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('contacts')
    .innerJoin('leads', 'leads.id', 'contacts.lead_id')
    .select(['contacts.lead_id', 'contacts.custom_fields'])
    .where('contacts.lead_id', 'in', leadIds)
    .where('contacts.is_primary', '=', true)
    .where(visibleLeads(reader))
    .execute();
  return new Map(rows.map((row) => [row.lead_id, row.custom_fields as CustomFieldValues]));
}

export async function findContactRow(db: DbOrTrx, id: number): Promise<ContactRow | undefined> {
  return db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The lead's contact of that name, case aside (the primary first when two share it). */
export async function findContactRowByName(db: DbOrTrx, leadId: number, name: string): Promise<ContactRow | undefined> {
  return db
    .selectFrom('contacts')
    .selectAll()
    .where('lead_id', '=', leadId)
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .orderBy('is_primary', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export interface NewContact {
  leadId: number;
  name: string;
  cargo: string | null;
  email: string | null;
  phone: string | null;
  phoneHasWhatsapp: boolean;
  whatsappPhone: string | null;
  notes: string | null;
  isPrimary: boolean;
  /** Checked against the team's contact fields by the service. */
  customFields: CustomFieldValues;
  createdBy: number | null;
}

export async function insertContact(db: DbOrTrx, contact: NewContact): Promise<ContactRow> {
  return db
    .insertInto('contacts')
    .values({
      lead_id: contact.leadId,
      name: contact.name,
      cargo: contact.cargo,
      email: contact.email,
      phone: contact.phone,
      phone_has_whatsapp: contact.phoneHasWhatsapp,
      whatsapp_phone: contact.whatsappPhone,
      notes: contact.notes,
      is_primary: contact.isPrimary,
      custom_fields: JSON.stringify(contact.customFields),
      search_text: leadSearchText(contact.name, contact.email),
      created_by: contact.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type ContactChanges = Omit<Updateable<ContactsTable>, 'id' | 'lead_id' | 'search_text' | 'phone_key' | 'created_at' | 'updated_at'>;

/** Applies `changes`, keeping search_text in step with name and email. */
export async function updateContactRow(db: DbOrTrx, current: ContactRow, changes: ContactChanges): Promise<ContactRow> {
  const name = changes.name ?? current.name;
  const email = changes.email === undefined ? current.email : changes.email;
  return db
    .updateTable('contacts')
    .set({ ...changes, search_text: leadSearchText(name, email), updated_at: new Date() })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The lead's primary loses the mark (before another takes it: the unique index allows one at a time). */
export async function clearPrimaryContact(db: DbOrTrx, leadId: number): Promise<void> {
  await db.updateTable('contacts').set({ is_primary: false }).where('lead_id', '=', leadId).where('is_primary', '=', true).execute();
}

export async function deleteContactRow(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('contacts').where('id', '=', id).execute();
}

/** After the primary went: the earliest remaining contact becomes primary. Answers it, if any. */
export async function promoteEarliestContact(db: DbOrTrx, leadId: number): Promise<ContactRow | undefined> {
  return db
    .updateTable('contacts')
    .set({ is_primary: true })
    .where('id', '=', (eb) => eb.selectFrom('contacts').select('id').where('lead_id', '=', leadId).orderBy('id').limit(1))
    .returningAll()
    .executeTakeFirst();
}

/**
 * A merge: the absorbed lead's contacts join the survivor's. The survivor's primary stays primary;
 * the absorbed lead's primary stays primary only when the survivor had none. Answers how many moved.
 */
export async function moveContacts(db: DbOrTrx, fromId: number, toId: number): Promise<number> {
  await sql`update contacts set is_primary = false
    where lead_id = ${fromId} and is_primary and exists (select 1 from contacts where lead_id = ${toId} and is_primary)`.execute(db);
  const result = await sql`update contacts set lead_id = ${toId} where lead_id = ${fromId}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
