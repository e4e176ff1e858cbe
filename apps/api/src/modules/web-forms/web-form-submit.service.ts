/**
 * A visitor's submission (docs/web-forms.md): spam defences first (honeypot, the form's rules with
 * each custom value checked by the one custom-field builder, the per-address limit and the proof of
 * work in one statement), then one short transaction that adds to the lead already holding the
 * email or phone (its contact updated or added, its empty custom fields filled), or creates the lead
 * with its custom values, records and primary contact, and enqueues the submission's follow-up
 * (web-form-follow-up.ts: the form's role hands the lead out, webhooks, live): the answer waits for
 * none of that.
 */
import {
  type DbOrTrx,
  type PublicWebForm,
  admitWebFormSubmission,
  findDuplicateLead,
  EVERY_LEAD,
  findLeadListItem,
  findLeadRowForUpdate,
  findWebFormBySlug,
  insertLeadNote,
  insertWebFormLead,
  insertWebFormSubmission,
  findContactRowByName,
  recordLeadHistory,
  updateLeadRow,
} from '@crm/db';
import {
  type CustomFieldDefinition,
  type CustomFieldValues,
  DomainError,
  type PhoneCountry,
  type PublicSubmission,
  WEB_FORM_FIELDS,
  WEB_FORM_HONEYPOT,
  type WebFormBuiltInField,
  type WebFormCustomValues,
  type WebFormField,
  type WebFormLeadField,
  applyCustomFieldsPatch,
  checkWebFormValues,
  customFieldCell,
  customFieldKeyOf,
  isContactField,
  leadEmailKey,
  leadPhoneKeys,
  normalizePhone,
  submittedValue,
  utmParametersOf,
  visibleFormFields,
  webFormFieldLabel,
} from '@crm/domain';
import type { AppContext } from '../../context.js';
import { addContactToLockedLead, editLockedContact } from '../contacts/contacts.service.js';
import { leadFieldDefinitions } from '../custom-fields/custom-fields.service.js';
import { leadUpdateEntries } from '../lead-history/lead-history.service.js';
import { announceLeadChanged } from '../leads/lead-changed.js';
import { loadTeamSettings } from '../settings/team-settings.service.js';
import { emitLeadEvents } from '../webhooks/webhook-events.js';
import { followUpSubmissionsJob } from './web-form-follow-up.js';
import { PROOF_REFUSED, addressHash, verifiedProof } from './web-form-proof.js';

const FORM_NOT_FOUND = 'Formulario no encontrado';
const HONEYPOT_REFUSED = 'No se pudo enviar el formulario';
const ADDRESS_LIMIT = 'Demasiados envíos desde tu conexión: espera unos minutos y vuelve a intentarlo';
/** The window of FORMS_SUBMISSIONS_PER_ADDRESS. */
export const ADDRESS_WINDOW_SECONDS = 600;

/** An active form by its slug; an unknown or inactive one is a 404 (the public never learns which). */
export async function activeFormBySlug(ctx: Pick<AppContext, 'db'>, slug: string): Promise<PublicWebForm> {
  const form = await findWebFormBySlug(ctx.db, slug);
  if (!form?.active) throw new DomainError('NOT_FOUND', FORM_NOT_FOUND);
  return form;
}

/** An active form as its page and its submissions see it: the lead custom fields, and its fields without those archived since. */
export interface OpenWebForm {
  form: PublicWebForm;
  definitions: CustomFieldDefinition[];
}

export async function openFormBySlug(ctx: Pick<AppContext, 'db'>, slug: string): Promise<OpenWebForm> {
  const [form, definitions] = await Promise.all([activeFormBySlug(ctx, slug), leadFieldDefinitions(ctx)]);
  return { form: { ...form, fields: visibleFormFields(form.fields, definitions) }, definitions };
}

/** Where a submission came from, as the request tells it. */
export interface SubmissionOrigin {
  address: string;
  /** The Referer header, when the page sent none in the body. */
  refererHeader: string | undefined;
}

export async function submitWebForm(
  ctx: AppContext,
  { form, definitions }: OpenWebForm,
  values: PublicSubmission,
  origin: SubmissionOrigin,
): Promise<void> {
  if (values[WEB_FORM_HONEYPOT]) throw new DomainError('BAD_REQUEST', HONEYPOT_REFUSED);
  const checked = checkWebFormValues(form, values, definitions);
  if (checked.refusals[0]) throw new DomainError('BAD_REQUEST', checked.refusals[0].message, checked.refusals);
  const [hash, proof] = await Promise.all([addressHash(ctx, origin.address), verifiedProof(ctx, form.id, values.altcha)]);
  const address = { hash, limit: ctx.env.FORMS_SUBMISSIONS_PER_ADDRESS, windowSeconds: ADDRESS_WINDOW_SECONDS };
  const [admitted, team] = await Promise.all([admitWebFormSubmission(ctx.db, address, proof), loadTeamSettings(ctx)]);
  if (!admitted.withinLimit) throw new DomainError('TOO_MANY_REQUESTS', ADDRESS_LIMIT);
  if (!admitted.proofSpent) throw new DomainError('BAD_REQUEST', PROOF_REFUSED);

  const { country } = team.settings;
  const pageUrl = values.pageUrl ?? origin.refererHeader?.slice(0, 2000) ?? null;
  const source = { pageUrl, referrer: values.referrer, utm: utmParametersOf(pageUrl), addressHash: hash };
  const shown = shownValues(form, values, checked.customFields, country);
  const keys = { emailKey: leadEmailKey(shown.lead.email), phoneKeys: leadPhoneKeys(shown.lead.phone, country) };
  const written = await ctx.db.transaction().execute(async (trx) => {
    const recorded = await recordSubmission(trx, { form, definitions }, shown, keys, source);
    // A known lead whose contact or custom values changed is a lead.updated now; the rest follows up after the commit.
    if (recorded.leadChanged) await emitLeadEvents(ctx, trx, 'lead.updated', [recorded.leadId]);
    await ctx.jobs.enqueue(followUpSubmissionsJob, { submissionId: recorded.id }, { within: trx });
    return recorded;
  });
  if (!written.leadChanged) return;
  const lead = await findLeadListItem(ctx.db, written.leadId, EVERY_LEAD);
  if (lead) await announceLeadChanged(ctx, lead, 'updated');
}

type LeadValues = Record<WebFormLeadField, string | null> & { category: string };

/** The visitor as the lead's contact. */
interface FormContact {
  name: string;
  cargo: string | null;
  email: string | null;
  phone: string | null;
}

/** What a submission writes: the lead's values, the contact's (null: none asked or given) and the custom values. */
interface ShownValues {
  lead: LeadValues;
  contact: FormContact | null;
  customFields: WebFormCustomValues;
}

/**
 * Only the fields the form shows count (a crafted body cannot fill the others; a custom key the
 * form does not show was refused already); phones in E.164 by the team's country.
 */
function shownValues(form: PublicWebForm, values: PublicSubmission, customFields: WebFormCustomValues, country: PhoneCountry): ShownValues {
  const shown = new Set(form.fields.map((setting) => setting.field));
  const pick = (field: WebFormBuiltInField) => (shown.has(field) ? submittedValue(values, field) : null);
  const lead = Object.fromEntries(WEB_FORM_FIELDS.map((field) => [field, pick(field)])) as Record<WebFormLeadField, string | null>;
  const contactName = pick('contact.name');
  return {
    lead: { ...lead, phone: normalizePhone(lead.phone, country), category: form.category ?? values.category ?? 'otros' },
    contact: contactName
      ? {
          name: contactName,
          cargo: pick('contact.cargo'),
          email: pick('contact.email'),
          phone: normalizePhone(pick('contact.phone'), country),
        }
      : null,
    customFields,
  };
}

interface SubmissionSource {
  pageUrl: string | null;
  referrer: string | null;
  utm: Record<string, string>;
  addressHash: string;
}

interface RecordedSubmission {
  id: number;
  leadId: number;
  /** A known lead's contact or custom values changed (its 'lead.updated' and live update). */
  leadChanged: boolean;
}

interface DuplicateKeys {
  emailKey: string | null;
  phoneKeys: string[];
}

async function recordSubmission(
  trx: DbOrTrx,
  open: OpenWebForm,
  values: ShownValues,
  keys: DuplicateKeys,
  source: SubmissionSource,
): Promise<RecordedSubmission> {
  const { form } = open;
  let existing = await findDuplicateLead(trx, keys);
  if (!existing) {
    const created = await createFormLead(trx, form, values, source);
    if (created) return { ...created, leadChanged: false };
    // The same visitor's other submission made the lead meanwhile: the insert found its key taken once that one committed.
    existing = await findDuplicateLead(trx, keys);
    if (!existing) throw new DomainError('NOT_FOUND', FORM_NOT_FOUND);
  }
  const leadId = existing.id;
  // The lead's row lock first: the note's and the history's foreign keys share-lock it, and two
  // submissions holding that share while both wait for the lock would deadlock.
  const leadChanged = await addToKnownLead(trx, leadId, values);
  await insertLeadNote(trx, { leadId, authorId: null, body: submissionNote(open, values) });
  await recordLeadHistory(trx, [{ leadId, type: 'form_submitted', actorId: null, changes: submittedChanges(form, 'merged', source) }]);
  const submission = await insertWebFormSubmission(trx, { formId: form.id, leadId, outcome: 'merged', ...source });
  return { ...submission, leadChanged };
}

function submittedChanges(form: PublicWebForm, outcome: 'created' | 'merged', source: SubmissionSource): Record<string, unknown> {
  return { formId: form.id, formName: form.name, outcome, pageUrl: source.pageUrl, referrer: source.referrer, utm: source.utm };
}

/** The new lead with its records in one statement, then its primary contact; undefined when its key was taken meanwhile. */
async function createFormLead(
  trx: DbOrTrx,
  form: PublicWebForm,
  values: ShownValues,
  source: SubmissionSource,
): Promise<{ id: number; leadId: number } | undefined> {
  const { lead } = values;
  const name = lead.name ?? lead.email ?? lead.phone ?? form.name;
  const written = await insertWebFormLead(
    trx,
    {
      name,
      email: lead.email,
      phone: lead.phone,
      category: lead.category,
      description: lead.description,
      address: lead.address,
      domain: lead.domain,
      custom_fields: JSON.stringify(values.customFields),
    },
    {
      history: [
        { type: 'created', changes: { source: `Formulario: ${form.name}` } },
        { type: 'form_submitted', changes: submittedChanges(form, 'created', source) },
      ],
      activity: `El formulario ${form.name} creó el lead ${name}`,
      submission: { formId: form.id, ...source },
    },
  );
  // The new lead's first contact: its primary.
  if (written && values.contact) await addContactToLockedLead(trx, { ...values.contact, ...NEW_CONTACT, leadId: written.leadId });
  return written;
}

/** What a form's contact has that the form does not ask: WhatsApp on its phone, as the contact dialog defaults, and no notes. */
const NEW_CONTACT = { phoneHasWhatsapp: true, whatsappPhone: null, notes: null, customFields: {}, createdBy: null } as const;

/**
 * A known lead (its row locked, as every contact write locks it): the lead's own fields stay as
 * they are; the contact of the name the visitor gave (case aside) takes the cargo, email and phone
 * sent, or the visitor is added as a contact (the primary when the lead had none); custom fields
 * without a value take the visitor's, and none is overwritten. True when the lead's DTO changed.
 */
async function addToKnownLead(trx: DbOrTrx, leadId: number, values: ShownValues): Promise<boolean> {
  const row = await findLeadRowForUpdate(trx, leadId, EVERY_LEAD);
  if (!row) throw new DomainError('NOT_FOUND', FORM_NOT_FOUND);
  const current = row.custom_fields as CustomFieldValues;
  const blanks = Object.fromEntries(Object.entries(values.customFields).filter(([key]) => current[key] === undefined));
  const custom = applyCustomFieldsPatch(current, blanks);
  const customChanged = Object.keys(custom.changes).length > 0;
  if (customChanged) {
    await updateLeadRow(trx, row, { custom_fields: JSON.stringify(custom.values) });
    await recordLeadHistory(trx, leadUpdateEntries(null, row, {}, custom.changes));
  }
  return (await writeKnownContact(trx, leadId, values.contact)) || customChanged;
}

/** The visitor as a contact of a known lead; true when the lead's primaryContact changed. */
async function writeKnownContact(trx: DbOrTrx, leadId: number, contact: FormContact | null): Promise<boolean> {
  if (!contact) return false;
  const row = await findContactRowByName(trx, leadId, contact.name);
  if (!row) return (await addContactToLockedLead(trx, { ...contact, ...NEW_CONTACT, leadId })).primaryChanged;
  // Only what the visitor gave: an empty field leaves the contact's value alone.
  const given = { cargo: contact.cargo ?? undefined, email: contact.email ?? undefined, phone: contact.phone ?? undefined };
  return (await editLockedContact(trx, row, given, null)).primaryChanged;
}

/** The note a known lead gets: everything the visitor wrote this time, each under the form's label. */
function submissionNote({ form, definitions }: OpenWebForm, values: ShownValues): string {
  const lines = form.fields.flatMap((setting) => {
    const value = noteValue(values, setting.field);
    return value === null || value === '' ? [] : [`${webFormFieldLabel(setting.field, definitions)}: ${value}`];
  });
  return [`Nuevo envío del formulario «${form.name}»`, ...lines].join('\n');
}

/** A value as the note writes it: a custom one as the exports do (Sí/No, options joined). */
function noteValue(values: ShownValues, field: WebFormField): string | number | null {
  const key = customFieldKeyOf(field);
  if (key !== undefined) return customFieldCell(values.customFields[key] ?? undefined);
  if (!isContactField(field)) return values.lead[field as WebFormLeadField];
  return values.contact?.[field.slice('contact.'.length) as keyof FormContact] ?? null;
}
