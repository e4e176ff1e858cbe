/**
 * A visitor's submission (docs/web-forms.md): spam defences first (honeypot, the form's rules, the
 * per-address limit, the proof of work), then one transaction that adds to the lead already holding
 * the email or phone, or creates the lead, records where it came from and hands it to the form's role.
 */
import {
  type DbOrTrx,
  type PublicWebForm,
  UNIQUE_INDEXES,
  findDuplicateLead,
  EVERY_LEAD,
  findLeadListItem,
  findWebFormBySlug,
  insertLead,
  insertLeadNote,
  insertWebFormSubmission,
  recordActivity,
  recordLeadHistory,
  reserveWebFormHit,
  uniqueViolationOf,
} from '@crm/db';
import {
  DomainError,
  type LeadListItem,
  type PhoneCountry,
  type PublicSubmission,
  WEB_FORM_FIELD_LABELS,
  WEB_FORM_HONEYPOT,
  type WebFormField,
  type WebFormSubmission,
  leadEmailKey,
  leadPhoneKeys,
  normalizePhone,
  utmParametersOf,
  webFormValuesRefusals,
} from '@crm/domain';
import type { AppContext } from '../../context.js';
import { distributeLeads } from '../distribution/distribution.service.js';
import { announceLeadChanged } from '../leads/lead-changed.js';
import { Notifier } from '../notifications/notifier.js';
import { loadTeamSettings } from '../settings/team-settings.service.js';
import { emitLeadEvents, emitWebhookEvent } from '../webhooks/webhook-events.js';
import { addressHash, spendProof } from './web-form-proof.js';

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

/** Where a submission came from, as the request tells it. */
export interface SubmissionOrigin {
  address: string;
  /** The Referer header, when the page sent none in the body. */
  refererHeader: string | undefined;
}

/** What a submission did: everything a `form.submitted` event carries (the form, the submission, the lead as the API returns it). */
export interface FormSubmitted {
  form: { id: number; slug: string; name: string };
  submission: WebFormSubmission;
  lead: LeadListItem;
}

export async function submitWebForm(
  ctx: AppContext,
  form: PublicWebForm,
  values: PublicSubmission,
  origin: SubmissionOrigin,
): Promise<FormSubmitted> {
  if (values[WEB_FORM_HONEYPOT]) throw new DomainError('BAD_REQUEST', HONEYPOT_REFUSED);
  const refusals = webFormValuesRefusals(form, values);
  if (refusals[0]) throw new DomainError('BAD_REQUEST', refusals[0].message, refusals);
  const hash = await addressHash(ctx, origin.address);
  if (!(await reserveWebFormHit(ctx.db, hash, ctx.env.FORMS_SUBMISSIONS_PER_ADDRESS, ADDRESS_WINDOW_SECONDS))) {
    throw new DomainError('TOO_MANY_REQUESTS', ADDRESS_LIMIT);
  }
  await spendProof(ctx, form.id, values.altcha);

  const { country } = (await loadTeamSettings(ctx)).settings;
  const pageUrl = values.pageUrl ?? origin.refererHeader?.slice(0, 2000) ?? null;
  const source = { pageUrl, referrer: values.referrer, utm: utmParametersOf(pageUrl), addressHash: hash };
  const notes = new Notifier();
  const leadValues = shownValues(form, values, country);
  const keys = { emailKey: leadEmailKey(leadValues.email), phoneKeys: leadPhoneKeys(leadValues.phone, country) };
  const written = await writeOnce(ctx.db, async (trx) => {
    const recorded = await recordSubmission(trx, form, leadValues, keys, source, notes);
    // Webhooks hear of it in the same transaction (a new lead is also a lead.created).
    if (recorded.outcome === 'created') await emitLeadEvents(ctx, trx, 'lead.created', [recorded.leadId]);
    await emitWebhookEvent(ctx, trx, 'form.submitted', async () => {
      const lead = await findLeadListItem(trx, recorded.leadId, EVERY_LEAD);
      return lead ? [{ leadId: lead.id, data: formSubmittedOf(form, recorded, lead, source, values.referrer) }] : [];
    });
    return recorded;
  });
  const lead = await findLeadListItem(ctx.db, written.leadId, EVERY_LEAD);
  if (!lead) throw new DomainError('NOT_FOUND', FORM_NOT_FOUND);
  if (written.outcome === 'created') await announceLeadChanged(ctx, lead, 'created');
  await notes.publish(ctx);
  return formSubmittedOf(form, written, lead, source, values.referrer);
}

function formSubmittedOf(
  form: PublicWebForm,
  written: { id: number; createdAt: Date; outcome: 'created' | 'merged' },
  lead: LeadListItem,
  source: SubmissionSource,
  referrer: string | null,
): FormSubmitted {
  return {
    form: { id: form.id, slug: form.slug, name: form.name },
    submission: {
      id: written.id,
      formId: form.id,
      leadId: lead.id,
      leadName: lead.name,
      outcome: written.outcome,
      pageUrl: source.pageUrl,
      referrer,
      utm: source.utm,
      createdAt: written.createdAt,
    },
    lead,
  };
}

/**
 * Two submissions with the same new email can both find no lead and both insert: the unique key
 * index makes the later one fail, and its second try (a new transaction) finds the lead the first made.
 */
async function writeOnce<T>(db: AppContext['db'], write: (trx: DbOrTrx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(write);
  } catch (error) {
    const index = uniqueViolationOf(error);
    if (index !== UNIQUE_INDEXES.leadEmail && index !== UNIQUE_INDEXES.leadPhone) throw error;
    return db.transaction().execute(write);
  }
}

type LeadValues = Record<WebFormField, string | null> & { category: string };

/** Only the fields the form shows count (a crafted body cannot fill the others); the phone in E.164 by the team's country. */
function shownValues(form: PublicWebForm, values: PublicSubmission, country: PhoneCountry): LeadValues {
  const shown = new Set(form.fields.map((setting) => setting.field));
  const pick = (field: WebFormField) => (shown.has(field) ? values[field] : null) ?? null;
  const phone = pick('phone');
  return {
    name: pick('name'),
    email: pick('email'),
    phone: phone === null ? null : normalizePhone(phone, country),
    description: pick('description'),
    address: pick('address'),
    domain: pick('domain'),
    category: form.category ?? values.category ?? 'otros',
  };
}

interface SubmissionSource {
  pageUrl: string | null;
  referrer: string | null;
  utm: Record<string, string>;
  addressHash: string;
}

async function recordSubmission(
  trx: DbOrTrx,
  form: PublicWebForm,
  values: LeadValues,
  keys: { emailKey: string | null; phoneKeys: string[] },
  source: SubmissionSource,
  notes: Notifier,
): Promise<{ id: number; createdAt: Date; leadId: number; outcome: 'created' | 'merged' }> {
  const existing = await findDuplicateLead(trx, keys);
  const outcome = existing ? 'merged' : 'created';
  const leadId = existing ? existing.id : await createFormLead(trx, form, values, notes);
  if (existing) await insertLeadNote(trx, { leadId, authorId: null, body: submissionNote(form, values) });
  await recordLeadHistory(trx, [
    {
      leadId,
      type: 'form_submitted',
      actorId: null,
      changes: { formId: form.id, formName: form.name, outcome, pageUrl: source.pageUrl, referrer: source.referrer, utm: source.utm },
    },
  ]);
  const submission = await insertWebFormSubmission(trx, { formId: form.id, leadId, outcome, ...source });
  return { ...submission, leadId, outcome };
}

async function createFormLead(trx: DbOrTrx, form: PublicWebForm, values: LeadValues, notes: Notifier): Promise<number> {
  const name = values.name ?? values.email ?? values.phone ?? form.name;
  const leadId = await insertLead(trx, {
    name,
    email: values.email,
    phone: values.phone,
    category: values.category,
    description: values.description,
    address: values.address,
    domain: values.domain,
    assigned_to: null,
    created_by: null,
  });
  await recordLeadHistory(trx, [{ leadId, type: 'created', actorId: null, changes: { source: `Formulario: ${form.name}` } }]);
  // A role without a rule or without anyone available leaves the lead unassigned, for a manager to hand out.
  if (form.roleId !== null) await distributeLeads(trx, form.roleId, [leadId], null);
  await notes.leadsAssigned(trx, null, [leadId]);
  await recordActivity(trx, { type: 'lead_created', description: `El formulario ${form.name} creó el lead ${name}`, leadId });
  return leadId;
}

/** The note a known lead gets: what the visitor wrote this time. */
function submissionNote(form: PublicWebForm, values: LeadValues): string {
  const lines = form.fields
    .map((setting) => [WEB_FORM_FIELD_LABELS[setting.field], values[setting.field]] as const)
    .filter((line): line is readonly [string, string] => Boolean(line[1]))
    .map(([label, value]) => `${label}: ${value}`);
  return [`Nuevo envío del formulario «${form.name}»`, ...lines].join('\n');
}
