/**
 * A lead's contacts (docs/contacts.md): everyone who reads the lead reads them; admins and managers
 * add, edit and delete them ('lead.manage', as editing the lead's own fields). Each write locks the
 * lead's row, so the writes of one lead's contacts apply one after the other: the first contact
 * becomes the primary, making one primary demotes the other, deleting the primary promotes the
 * earliest left. The partial unique index holds "at most one primary" against anything else.
 * Every write and its history entry share one transaction; the lead's list item (primaryContact)
 * goes out live after the commit, and a write that changes primaryContact sends webhooks
 * 'lead.updated' (docs/webhooks.md) in the same transaction. A web form's submission writes its
 * visitor through the same two steps (addContactToLockedLead, editLockedContact), with no actor.
 */
import {
  type ContactChanges,
  type ContactRow,
  type DbOrTrx,
  type LeadReader,
  type NewContact,
  type NewLeadHistoryEntry,
  clearPrimaryContact,
  deleteContactRow,
  findContactRow,
  findLeadRow,
  findLeadRowForUpdate,
  insertContact,
  listContacts,
  primaryContactCustomFields,
  promoteEarliestContact,
  recordLeadHistory,
  toContactDto,
  updateContactRow,
} from '@crm/db';
import {
  CONTACT_FIELDS,
  CONTACT_MESSAGES,
  CUSTOM_FIELD_CHANGE_PREFIX,
  type Contact,
  type ContactField,
  type CreateContact,
  type CustomFieldDefinition,
  type CustomFieldValues,
  type PrimaryContactFields,
  DomainError,
  type PhoneCountry,
  type UpdateContactFields,
  applyCustomFieldsPatch,
  normalizePhone,
} from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { checkedCustomFields, contactFieldDefinitions } from '../custom-fields/custom-fields.service.js';
import { announceLeadChanged } from '../leads/lead-changed.js';
import { LEAD_NOT_FOUND } from '../leads/lead-messages.js';
import { leadReaderOf } from '../leads/lead-reader.js';
import { getLeadOrThrow } from '../leads/leads.service.js';
import { loadTeamSettings } from '../settings/team-settings.service.js';
import { emitLeadEvents } from '../webhooks/webhook-events.js';

export async function listLeadContacts(ctx: ServiceContext, leadId: number): Promise<Contact[]> {
  requirePermission(ctx, 'lead.read');
  if (!(await findLeadRow(ctx.db, leadId, await leadReaderOf(ctx)))) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
  return listContacts(ctx.db, leadId);
}

/**
 * The custom values of the primary contacts of the named leads, for the CSV of selected rows the
 * browser writes (its list items carry the primary contact, not its custom values). Leads the
 * caller may not see, or without a primary contact, are left out.
 */
export async function primaryContactFieldsOf(ctx: ServiceContext, leadIds: readonly number[]): Promise<PrimaryContactFields> {
  requirePermission(ctx, 'lead.read');
  const fields = await primaryContactCustomFields(ctx.db, leadIds, await leadReaderOf(ctx));
  return [...fields].map(([leadId, customFields]) => ({ leadId, customFields }));
}

/** The lead's row lock; a lead the caller may not see is not found. */
async function lockLead(trx: DbOrTrx, leadId: number, reader: LeadReader): Promise<void> {
  if (!(await findLeadRowForUpdate(trx, leadId, reader))) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
}

/** Phones as the lead's: E.164 by the team's country when recognised. */
async function teamCountry(ctx: ServiceContext): Promise<PhoneCountry> {
  return (await loadTeamSettings(ctx)).settings.country;
}

const named = (row: Pick<ContactRow, 'id' | 'name'>) => ({ id: row.id, name: row.name });

export async function addContact(ctx: ServiceContext, input: CreateContact): Promise<Contact> {
  requirePermission(ctx, 'lead.manage');
  const reader = await leadReaderOf(ctx);
  const country = await teamCountry(ctx);
  const customFields = applyCustomFieldsPatch(
    {},
    checkedCustomFields(await contactFieldDefinitions(ctx), 'create', input.customFields),
  ).values;
  const contact = await ctx.db.transaction().execute(async (trx) => {
    await lockLead(trx, input.leadId, reader);
    const added = await addContactToLockedLead(trx, {
      ...input,
      phone: normalizePhone(input.phone, country),
      whatsappPhone: normalizePhone(input.whatsappPhone, country),
      customFields,
      createdBy: ctx.viewer.user.id,
    });
    if (added.primaryChanged) await emitLeadEvents(ctx, trx, 'lead.updated', [input.leadId]);
    return added.row;
  });
  await announceLeadUpdated(ctx, contact.lead_id);
  return toContactDto(contact);
}

/** A contact write under the lead's lock, and whether it changed the lead's primaryContact (its 'lead.updated'). */
export interface ContactWrite {
  row: ContactRow;
  primaryChanged: boolean;
}

/**
 * Adds a contact to a lead whose row the caller holds locked, with its history entry (by
 * `createdBy`; null: a web form): the lead's first contact, or one sent as primary, is the primary.
 */
export async function addContactToLockedLead(
  trx: DbOrTrx,
  contact: Omit<NewContact, 'isPrimary'> & { isPrimary?: boolean },
): Promise<ContactWrite> {
  const current = await listContacts(trx, contact.leadId);
  const isPrimary = current.length === 0 || contact.isPrimary === true;
  if (isPrimary) await clearPrimaryContact(trx, contact.leadId);
  const row = await insertContact(trx, { ...contact, isPrimary });
  await recordLeadHistory(trx, [
    { leadId: contact.leadId, type: 'contact_added', actorId: contact.createdBy, changes: { contact: named(row), isPrimary } },
  ]);
  return { row, primaryChanged: isPrimary };
}

/** The row's column for each field of the form. */
const COLUMNS = {
  name: 'name',
  cargo: 'cargo',
  email: 'email',
  phone: 'phone',
  phoneHasWhatsapp: 'phone_has_whatsapp',
  whatsappPhone: 'whatsapp_phone',
  notes: 'notes',
} as const satisfies Record<ContactField, keyof ContactRow>;

/** The fields the lead DTO's primaryContact shows: a change to one of the primary's is a change to the lead. */
const PRIMARY_CONTACT_FIELDS: readonly ContactField[] = ['name', 'cargo', 'email', 'phone', 'phoneHasWhatsapp', 'whatsappPhone'];

/**
 * The columns that change and the history's { field: { from, to } } for them; a custom value's
 * change is named `customFields.<key>`, as on a lead (checked against the contact fields here).
 */
function changedFields(row: ContactRow, fields: Partial<UpdateContactFields>, definitions: readonly CustomFieldDefinition[]) {
  const columns: Record<string, unknown> = {};
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of CONTACT_FIELDS) {
    const to = fields[field];
    const column = COLUMNS[field];
    if (to === undefined || to === row[column]) continue;
    columns[column] = to;
    changes[field] = { from: row[column], to };
  }
  if (fields.customFields !== undefined) {
    const current = row.custom_fields as CustomFieldValues;
    const custom = applyCustomFieldsPatch(current, checkedCustomFields(definitions, 'update', fields.customFields, current));
    for (const [key, change] of Object.entries(custom.changes)) changes[`${CUSTOM_FIELD_CHANGE_PREFIX}${key}`] = change;
    if (Object.keys(custom.changes).length > 0) columns['custom_fields'] = JSON.stringify(custom.values);
  }
  return { columns: columns as ContactChanges, changes };
}

/** The contact, read under its lead's row lock (as every write of a lead's contacts); a lead `reader` may not see is not found. */
export async function lockedContact(trx: DbOrTrx, id: number, reader: LeadReader): Promise<ContactRow> {
  const found = await findContactRow(trx, id);
  if (!found) throw new DomainError('NOT_FOUND', CONTACT_MESSAGES.notFound);
  await lockLead(trx, found.lead_id, reader);
  // Read again under the lead's lock: a concurrent write of the lead's contacts has committed by now.
  const row = await findContactRow(trx, id);
  if (!row) throw new DomainError('NOT_FOUND', CONTACT_MESSAGES.notFound);
  return row;
}

export async function editContact(ctx: ServiceContext, id: number, input: UpdateContactFields): Promise<Contact> {
  requirePermission(ctx, 'lead.manage');
  const reader = await leadReaderOf(ctx);
  const country = await teamCountry(ctx);
  const fields = {
    ...input,
    phone: input.phone === undefined ? undefined : normalizePhone(input.phone, country),
    whatsappPhone: input.whatsappPhone === undefined ? undefined : normalizePhone(input.whatsappPhone, country),
  };
  const definitions = input.customFields === undefined ? [] : await contactFieldDefinitions(ctx);
  const contact = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockedContact(trx, id, reader);
    if (fields.isPrimary === false && row.is_primary) throw new DomainError('BAD_REQUEST', CONTACT_MESSAGES.keepOnePrimary);
    const edited = await editLockedContact(trx, row, fields, ctx.viewer.user.id, definitions);
    if (edited.primaryChanged) await emitLeadEvents(ctx, trx, 'lead.updated', [row.lead_id]);
    return edited.row;
  });
  await announceLeadUpdated(ctx, contact.lead_id);
  return toContactDto(contact);
}

/**
 * Applies an edit to a contact whose lead the caller holds locked (phones already normalised),
 * with its 'contact_updated' entry when anything changed; `isPrimary: true` makes it the primary.
 * `definitions`: the contact fields, when the edit carries custom values.
 */
export async function editLockedContact(
  trx: DbOrTrx,
  row: ContactRow,
  fields: Partial<UpdateContactFields>,
  actorId: number | null,
  definitions: readonly CustomFieldDefinition[] = [],
): Promise<ContactWrite> {
  const { columns, changes } = changedFields(row, fields, definitions);
  const becomesPrimary = fields.isPrimary === true && !row.is_primary;
  if (becomesPrimary) await clearPrimaryContact(trx, row.lead_id);
  if (Object.keys(changes).length === 0 && !becomesPrimary) return { row, primaryChanged: false };
  const updated = await updateContactRow(trx, row, becomesPrimary ? { ...columns, is_primary: true } : columns);
  const entry: NewLeadHistoryEntry = {
    leadId: row.lead_id,
    type: 'contact_updated',
    actorId,
    changes: { contact: named(updated), ...changes, ...(becomesPrimary ? { isPrimary: { from: false, to: true } } : {}) },
  };
  await recordLeadHistory(trx, [entry]);
  const primaryChanged = becomesPrimary || (row.is_primary && PRIMARY_CONTACT_FIELDS.some((field) => field in changes));
  return { row: updated, primaryChanged };
}

export async function removeContact(ctx: ServiceContext, id: number): Promise<{ id: number }> {
  requirePermission(ctx, 'lead.manage');
  const reader = await leadReaderOf(ctx);
  const leadId = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockedContact(trx, id, reader);
    await deleteContactRow(trx, id);
    const promoted = row.is_primary ? await promoteEarliestContact(trx, row.lead_id) : undefined;
    await recordLeadHistory(trx, [
      {
        leadId: row.lead_id,
        type: 'contact_removed',
        actorId: ctx.viewer.user.id,
        changes: { contact: named(row), ...(promoted ? { newPrimary: named(promoted) } : {}) },
      },
    ]);
    if (row.is_primary) await emitLeadEvents(ctx, trx, 'lead.updated', [row.lead_id]);
    return row.lead_id;
  });
  await announceLeadUpdated(ctx, leadId);
  return { id };
}

/** Open lists and lead pages show the lead's primary contact: they get the lead as it is now. */
async function announceLeadUpdated(ctx: ServiceContext, leadId: number): Promise<void> {
  await announceLeadChanged(ctx, await getLeadOrThrow(ctx, leadId), 'updated');
}
