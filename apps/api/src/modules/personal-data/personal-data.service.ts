/**
 * The personal data of a lead or of one of its contacts (GDPR arts. 15 and 17,
 * docs/personal-data.md): 'Exportar datos personales' (JSON or CSV; a lead's: fields, contacts,
 * history, notes, tracking, follow-ups, chat messages that share the lead, WhatsApp messages, form
 * submissions, the attachments' list; a contact's: its fields and the history entries about it)
 * and 'Anonimizar', which erases them for good in one transaction. Both are an admin's and audited.
 */
import {
  type ContactPersonalDataRows,
  EVERY_LEAD,
  type PersonalDataRows,
  anonymizeContactData,
  anonymizeLeadData,
  findLeadRowForUpdate,
  readContactPersonalData,
  readPersonalData,
} from '@crm/db';
import { CONTACT_MESSAGES, CSV_BOM, DomainError, PERSONAL_DATA_MESSAGES, csvLine, csvSeparator } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { announceLeadChanged } from '../leads/lead-changed.js';
import { LEAD_NOT_FOUND } from '../leads/lead-messages.js';
import { getLeadOrThrow } from '../leads/leads.service.js';
import { loadTeamSettings } from '../settings/team-settings.service.js';
import { emitLeadEvents } from '../webhooks/webhook-events.js';
import { lockedContact } from '../contacts/contacts.service.js';

export interface Download {
  fileName: string;
  contentType: string;
  body: string;
}

type HistoryRow = PersonalDataRows['history'][number];

const historyEntry = (entry: HistoryRow) => ({
  id: entry.id,
  type: entry.type,
  actorId: entry.actor_id,
  changes: entry.changes,
  at: entry.at,
});

/** The file's content: plain JSON values (dates as ISO text). */
function personalDocument(rows: PersonalDataRows) {
  const { lead } = rows;
  const attachment = (row: { attachment_id: number | null; file_name: string | null; content_type: string | null; size: number | null }) =>
    row.attachment_id === null
      ? null
      : { id: row.attachment_id, fileName: row.file_name, contentType: row.content_type, size: Number(row.size) };
  return {
    lead: {
      id: lead.id,
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      address: lead.address,
      domain: lead.domain,
      description: lead.description,
      category: lead.category,
      status: lead.status,
      assignedTo: lead.assigned_to,
      createdBy: lead.created_by,
      createdAt: lead.created_at,
      contactedAt: lead.contacted_at,
    },
    contacts: rows.contacts.map((c) => ({
      id: c.id,
      name: c.name,
      cargo: c.cargo,
      email: c.email,
      phone: c.phone,
      whatsappPhone: c.whatsapp_phone,
      notes: c.notes,
      isPrimary: c.is_primary,
      customFields: c.custom_fields,
      createdAt: c.created_at,
    })),
    history: rows.history.map(historyEntry),
    notes: rows.notes.map((note) => ({ id: note.id, authorId: note.author_id, body: note.body, createdAt: note.created_at })),
    tracking: rows.tracking ? { progressLevel: rows.tracking.progress_level, notes: rows.tracking.notes } : null,
    followUps: rows.followUps.map((f) => ({ id: f.id, ownerId: f.owner_id, dueAt: f.due_at, note: f.note, doneAt: f.done_at })),
    chatMessages: rows.chatMessages.map((m) => ({
      id: m.id,
      senderId: m.sender_id,
      receiverId: m.receiver_id,
      channelId: m.channel_id,
      message: m.message,
      createdAt: m.created_at,
    })),
    whatsappMessages: rows.whatsappMessages.map((w) => ({
      id: Number(w.id),
      direction: w.direction,
      kind: w.kind,
      body: w.body,
      authorName: w.author_name,
      status: w.status,
      sentAt: w.sent_at,
    })),
    formSubmissions: rows.formSubmissions.map((s) => ({
      id: s.id,
      formId: s.form_id,
      outcome: s.outcome,
      pageUrl: s.page_url,
      referrer: s.referrer,
      utm: s.utm,
      createdAt: s.created_at,
    })),
    attachments: [...rows.chatMessages, ...rows.whatsappMessages].map(attachment).filter((a) => a !== null),
  };
}

/** A contact's file: its fields (its lead named by id) and the history entries about it. */
function contactDocument({ contact, history }: ContactPersonalDataRows) {
  return {
    contact: {
      id: contact.id,
      leadId: contact.lead_id,
      name: contact.name,
      cargo: contact.cargo,
      email: contact.email,
      phone: contact.phone,
      phoneHasWhatsapp: contact.phone_has_whatsapp,
      whatsappPhone: contact.whatsapp_phone,
      notes: contact.notes,
      isPrimary: contact.is_primary,
      customFields: contact.custom_fields,
      createdAt: contact.created_at,
      updatedAt: contact.updated_at,
    },
    history: history.map(historyEntry),
  };
}

const text = (value: unknown): unknown =>
  value instanceof Date ? value.toISOString() : value !== null && typeof value === 'object' ? JSON.stringify(value) : value;

/** One line per value: 'sección;n.º;campo;valor', so any spreadsheet opens it and nothing nests. */
function personalCsv(sections: [name: string, items: readonly object[]][], separator: ReturnType<typeof csvSeparator>): string {
  const lines = [csvLine(['sección', 'n.º', 'campo', 'valor'], separator)];
  for (const [name, items] of sections) {
    items.forEach((item, index) => {
      for (const [field, value] of Object.entries(item)) lines.push(csvLine([name, index + 1, field, text(value)], separator));
    });
  }
  return CSV_BOM + lines.join('');
}

/** The file in the format asked for: the document as JSON, or its sections as CSV lines. */
async function download(
  ctx: ServiceContext,
  fileName: string,
  format: 'json' | 'csv',
  document: object,
  sections: [string, readonly object[]][],
): Promise<Download> {
  if (format === 'json') return { fileName, contentType: 'application/json; charset=utf-8', body: JSON.stringify(document, null, 2) };
  const { locale } = (await loadTeamSettings(ctx)).settings;
  return { fileName, contentType: 'text/csv; charset=utf-8', body: personalCsv(sections, csvSeparator(locale)) };
}

export async function exportPersonalData(ctx: ServiceContext, leadId: number, format: 'json' | 'csv'): Promise<Download> {
  requirePermission(ctx, 'lead.personalData');
  const rows = await readPersonalData(ctx.db, leadId);
  if (!rows) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
  const document = personalDocument(rows);
  return download(ctx, `datos-personales-lead-${leadId}.${format}`, format, document, [
    ['lead', [document.lead]],
    ['contactos', document.contacts],
    ['historial', document.history],
    ['notas', document.notes],
    ['seguimiento', document.tracking ? [document.tracking] : []],
    ['recordatorios', document.followUps],
    ['mensajes de chat', document.chatMessages],
    ['mensajes de WhatsApp', document.whatsappMessages],
    ['formularios', document.formSubmissions],
    ['adjuntos', document.attachments],
  ]);
}

export async function exportContactPersonalData(ctx: ServiceContext, contactId: number, format: 'json' | 'csv'): Promise<Download> {
  requirePermission(ctx, 'lead.personalData');
  const rows = await readContactPersonalData(ctx.db, contactId);
  if (!rows) throw new DomainError('NOT_FOUND', CONTACT_MESSAGES.notFound);
  const document = contactDocument(rows);
  return download(ctx, `datos-personales-contacto-${contactId}.${format}`, format, document, [
    ['contacto', [document.contact]],
    ['historial', document.history],
  ]);
}

export async function anonymizeLead(ctx: ServiceContext, leadId: number): Promise<{ message: string }> {
  requirePermission(ctx, 'lead.personalData');
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findLeadRowForUpdate(trx, leadId, EVERY_LEAD);
    if (!row) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
    await anonymizeLeadData(trx, leadId, row.name);
  });
  await announceLeadChanged(ctx, await getLeadOrThrow(ctx, leadId), 'updated');
  return { message: PERSONAL_DATA_MESSAGES.anonymized };
}

/**
 * Erases one contact under its lead's row lock, as every write of a lead's contacts: its row stays,
 * named 'Contacto anonimizado #id'. The lead's primary contact changes when it was the primary: the
 * webhook 'lead.updated' says so in the same transaction, as for an edit of the primary.
 */
export async function anonymizeContact(ctx: ServiceContext, contactId: number): Promise<{ message: string }> {
  requirePermission(ctx, 'lead.personalData');
  const leadId = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockedContact(trx, contactId, EVERY_LEAD);
    await anonymizeContactData(trx, { id: row.id, leadId: row.lead_id });
    if (row.is_primary) await emitLeadEvents(ctx, trx, 'lead.updated', [row.lead_id]);
    return row.lead_id;
  });
  await announceLeadChanged(ctx, await getLeadOrThrow(ctx, leadId), 'updated');
  return { message: PERSONAL_DATA_MESSAGES.anonymized };
}
