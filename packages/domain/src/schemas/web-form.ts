/**
 * Web forms (docs/web-forms.md): what an admin or manager configures, what the admin screen lists,
 * and what a visitor's browser sends to `POST /api/forms/{slug}/submissions`.
 */
import { z } from 'zod';
import type { CustomFieldDefinition } from '../custom-fields/types.js';
import { LEAD_CATEGORIES, type LeadCategory } from '../leads/categories.js';
import { isPlausiblePhone } from '../phones/phone.js';
import { LIMITS, emailOf, idSchema, nullableIdSchema, requiredText, text } from './common.js';
import { CONTACT_LIMITS, CONTACT_MESSAGES } from './contact.js';
import { LEAD_LIMITS } from './lead.js';
import {
  WEB_FORM_FIELD_LABELS,
  type WebFormBuiltInField,
  type WebFormFieldSetting,
  type WebFormCustomValues,
  isBuiltInField,
  isContactField,
  webFormCustomFieldsSchema,
  webFormFieldSettingSchema,
} from './web-form-fields.js';

export const WEB_FORM_LIMITS = {
  allowedOrigins: 20,
  thankYou: 500,
  slug: 60,
  /** Each submitted text at most this long (besides the lead's own limits). */
  pageUrl: 2000,
  /** The whole submission body, in bytes: the fields, the page and the proof of work fit well within it. */
  submissionBody: 32 * 1024,
  altcha: 4000,
  submissionsPage: 100,
  /** The lead's six, the contact's four and up to fifty custom fields. */
  fields: 60,
} as const;

/** The hidden field people never see and bots fill in: a submission with it is refused. */
export const WEB_FORM_HONEYPOT = 'fax';

export const WEB_FORM_DEFAULT_THANK_YOU = 'Gracias, te contactaremos pronto.';

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MESSAGE = 'La dirección solo admite minúsculas, números y guiones (3 a 60 caracteres)';

export const webFormSlugSchema = text({ message: SLUG_MESSAGE })
  .trim()
  .min(3, { message: SLUG_MESSAGE })
  .max(WEB_FORM_LIMITS.slug, { message: SLUG_MESSAGE })
  .regex(SLUG_PATTERN, { message: SLUG_MESSAGE });

/** A name as a slug: 'Contacto Clínica Sol' → 'contacto-clinica-sol' ('formulario' when nothing is left). */
export function slugFromName(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return slug.length >= 3 ? slug : 'formulario';
}

const ORIGIN_MESSAGE = 'Origen inválido: escribe solo el esquema y el dominio, p. ej. https://www.ejemplo.es';

/** 'https://www.ejemplo.es' as the browser sends it in Origin: http(s), no path, no trailing slash. */
export const webOriginSchema = text({ message: ORIGIN_MESSAGE })
  .trim()
  .max(200, { message: ORIGIN_MESSAGE })
  .transform((value) => value.replace(/\/$/, ''))
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value.toLowerCase();
      } catch {
        return false;
      }
    },
    { message: ORIGIN_MESSAGE },
  )
  .transform((value) => value.toLowerCase());

const REDIRECT_MESSAGE = 'La dirección de redirección debe empezar por http:// o https://';

export const webFormRedirectSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  text({ message: REDIRECT_MESSAGE })
    .trim()
    .max(WEB_FORM_LIMITS.pageUrl, { message: `Máximo ${WEB_FORM_LIMITS.pageUrl} caracteres` })
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), { message: REDIRECT_MESSAGE })
    .nullable(),
);

const FIELDS_RULES = {
  name: 'El nombre se muestra siempre y es obligatorio',
  contact: 'El formulario debe pedir el email o el teléfono',
  repeated: 'Cada campo puede aparecer una sola vez',
  contactName: 'Para pedir datos de la persona de contacto, el formulario debe pedir también su nombre',
} as const;

/**
 * The fields shown, in order, each required or not: the name always (required), the email or the
 * phone, and the contact's name whenever another of the contact's fields is shown.
 */
export const webFormFieldsSchema = z
  .array(webFormFieldSettingSchema)
  .max(WEB_FORM_LIMITS.fields, { message: `Máximo ${WEB_FORM_LIMITS.fields} campos` })
  .superRefine((fields, issue) => {
    const shown = fields.map((setting) => setting.field);
    if (new Set(shown).size !== shown.length) issue.addIssue({ code: 'custom', message: FIELDS_RULES.repeated });
    if (!fields.some((setting) => setting.field === 'name' && setting.required)) {
      issue.addIssue({ code: 'custom', message: FIELDS_RULES.name });
    }
    if (!shown.includes('email') && !shown.includes('phone')) issue.addIssue({ code: 'custom', message: FIELDS_RULES.contact });
    if (shown.some(isContactField) && !shown.includes('contact.name')) {
      issue.addIssue({ code: 'custom', message: FIELDS_RULES.contactName });
    }
  });

const webFormSettingsShape = {
  name: requiredText('El nombre es requerido', LIMITS.shortText),
  fields: webFormFieldsSchema,
  /** null: the visitor chooses among the categories. */
  category: z.enum(LEAD_CATEGORIES, { message: 'Categoría inválida' }).nullable(),
  /** The custom role whose distribution rule hands out the form's leads; null leaves them unassigned. */
  roleId: nullableIdSchema,
  thankYouText: requiredText('El texto de agradecimiento es requerido', WEB_FORM_LIMITS.thankYou),
  redirectUrl: webFormRedirectSchema,
  allowedOrigins: z
    .array(webOriginSchema)
    .max(WEB_FORM_LIMITS.allowedOrigins, { message: `Máximo ${WEB_FORM_LIMITS.allowedOrigins} orígenes` }),
  active: z.boolean(),
};

export const createWebFormSchema = z.object({ ...webFormSettingsShape, slug: webFormSlugSchema.optional() });
export type CreateWebFormInput = z.input<typeof createWebFormSchema>;
export type CreateWebForm = z.output<typeof createWebFormSchema>;

/** An edit sends only what changes. */
export const updateWebFormSchema = z
  .object({ ...webFormSettingsShape, slug: webFormSlugSchema })
  .partial()
  .extend({ id: idSchema });
export type UpdateWebForm = z.output<typeof updateWebFormSchema>;

export const webFormIdSchema = z.object({ id: idSchema });

export const webFormSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  fields: z.array(webFormFieldSettingSchema),
  category: z.enum(LEAD_CATEGORIES).nullable(),
  roleId: z.number().nullable(),
  roleName: z.string().nullable(),
  thankYouText: z.string(),
  redirectUrl: z.string().nullable(),
  allowedOrigins: z.array(z.string()),
  active: z.boolean(),
  submissions: z.number().int(),
  lastSubmissionAt: z.date().nullable(),
  createdAt: z.date(),
});
export type WebForm = z.infer<typeof webFormSchema>;

export const UTM_PARAMETERS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmParameter = (typeof UTM_PARAMETERS)[number];
export type UtmParameters = Partial<Record<UtmParameter, string>>;

/** The UTM parameters of a page address (each cut at 200 characters); none for an address that does not parse. */
export function utmParametersOf(pageUrl: string | null): UtmParameters {
  if (!pageUrl || !URL.canParse(pageUrl)) return {};
  const params = new URL(pageUrl).searchParams;
  const utm: UtmParameters = {};
  for (const name of UTM_PARAMETERS) {
    const value = params.get(name)?.trim();
    if (value) utm[name] = value.slice(0, 200);
  }
  return utm;
}

export const webFormSubmissionSchema = z.object({
  id: z.number(),
  formId: z.number(),
  leadId: z.number().nullable(),
  leadName: z.string().nullable(),
  /** 'created': a new lead; 'merged': added to the lead that already had the email or phone. */
  outcome: z.enum(['created', 'merged']),
  pageUrl: z.string().nullable(),
  referrer: z.string().nullable(),
  utm: z.record(z.string(), z.string()),
  createdAt: z.date(),
});
export type WebFormSubmission = z.infer<typeof webFormSubmissionSchema>;

export const webFormSubmissionsQuerySchema = z.object({
  id: idSchema,
  /** Submissions older than this submission id (the previous page's `nextCursor`). */
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(WEB_FORM_LIMITS.submissionsPage).optional(),
});
export type WebFormSubmissionsQuery = z.output<typeof webFormSubmissionsQuerySchema>;

export const webFormSubmissionPageSchema = z.object({
  items: z.array(webFormSubmissionSchema),
  nextCursor: z.number().nullable(),
});
export type WebFormSubmissionPage = z.infer<typeof webFormSubmissionPageSchema>;

const looseText = (max: number) =>
  text()
    .trim()
    .max(max, { message: `Máximo ${max} caracteres` })
    .nullish()
    .transform((value) => value || null);

const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const CONTACT_EMAIL_INVALID = 'Email de contacto inválido';

/** The primary contact's values: the person who writes. */
const publicContactSchema = z.object({
  name: looseText(LIMITS.name),
  cargo: looseText(CONTACT_LIMITS.cargo),
  email: z.preprocess(blankAsNull, emailOf(CONTACT_EMAIL_INVALID).nullish()),
  phone: looseText(CONTACT_LIMITS.phone).refine((value) => value === null || isPlausiblePhone(value), {
    message: 'Teléfono de contacto inválido',
  }),
});

/**
 * What a visitor's browser sends. Every field is optional here: which ones the form shows and
 * requires is its own setting (`checkWebFormValues`). `contact` holds the primary contact's values,
 * `customFields` the custom ones by key (checked against the definitions then). `altcha` is the
 * solved proof of work (base64 JSON).
 */
export const publicSubmissionSchema = z.object({
  name: looseText(LIMITS.name),
  email: z.preprocess(blankAsNull, emailOf().nullish()),
  phone: looseText(LEAD_LIMITS.phone).refine((value) => value === null || isPlausiblePhone(value), { message: 'Teléfono inválido' }),
  description: looseText(LIMITS.longText),
  address: looseText(LEAD_LIMITS.address),
  domain: looseText(LEAD_LIMITS.domain),
  category: z.enum(LEAD_CATEGORIES, { message: 'Categoría inválida' }).nullish(),
  contact: publicContactSchema.nullish(),
  customFields: z.record(z.string(), z.unknown(), { message: 'Los campos personalizados deben ser un objeto' }).nullish(),
  [WEB_FORM_HONEYPOT]: z.string().max(1000).nullish(),
  altcha: text({ message: 'Falta la comprobación anti-spam' })
    .min(1, { message: 'Falta la comprobación anti-spam' })
    .max(WEB_FORM_LIMITS.altcha, { message: 'Comprobación anti-spam inválida' }),
  pageUrl: looseText(WEB_FORM_LIMITS.pageUrl),
  referrer: looseText(WEB_FORM_LIMITS.pageUrl),
});
export type PublicSubmission = z.output<typeof publicSubmissionSchema>;
export type PublicContactValues = z.output<typeof publicContactSchema>;

/** A built-in field's value in a submission ('contact.cargo' is `contact.cargo`). */
export function submittedValue(values: PublicSubmission, field: WebFormBuiltInField): string | null {
  if (!isContactField(field)) return values[field] ?? null;
  return values.contact?.[field.slice('contact.'.length) as keyof PublicContactValues] ?? null;
}

export interface WebFormRefusal {
  path: string[];
  message: string;
}

/**
 * A submission by the form's rules, every refusal in Spanish with the path of its value: each
 * required field left empty, contact values without the contact's name, neither email nor phone,
 * no category when the visitor chooses it, and each custom value its field refuses (by the one
 * builder of custom values). `customFields` are the accepted custom values, as they are stored.
 */
export function checkWebFormValues(
  form: { fields: readonly WebFormFieldSetting[]; category: LeadCategory | null },
  values: PublicSubmission,
  definitions: readonly CustomFieldDefinition[],
): { refusals: WebFormRefusal[]; customFields: WebFormCustomValues } {
  const builtIn = form.fields.filter((setting): setting is { field: WebFormBuiltInField; required: boolean } =>
    isBuiltInField(setting.field),
  );
  const refusals: WebFormRefusal[] = builtIn
    .filter((setting) => setting.required && !submittedValue(values, setting.field))
    .map((setting) => ({ path: setting.field.split('.'), message: `${WEB_FORM_FIELD_LABELS[setting.field]}: este campo es obligatorio` }));
  const contactGiven = builtIn.some((setting) => isContactField(setting.field) && submittedValue(values, setting.field));
  if (contactGiven && !values.contact?.name && !refusals.some((refusal) => refusal.path.join('.') === 'contact.name')) {
    refusals.push({ path: ['contact', 'name'], message: CONTACT_MESSAGES.nameRequired });
  }
  if (!values.email && !values.phone) refusals.push({ path: ['email'], message: 'Indica un email o un teléfono' });
  if (form.category === null && !values.category) refusals.push({ path: ['category'], message: 'Elige una categoría' });
  const custom = webFormCustomFieldsSchema(form.fields, definitions).safeParse(values.customFields ?? undefined);
  if (!custom.success) {
    refusals.push(...custom.error.issues.map((issue) => ({ path: ['customFields', ...issue.path.map(String)], message: issue.message })));
  }
  return { refusals, customFields: custom.success ? custom.data : {} };
}

/** What the visitor's page gets back: the thank-you text, or where to go. */
export const publicSubmissionAnswerSchema = z.object({ thankYouText: z.string(), redirectUrl: z.string().nullable() });
export type PublicSubmissionAnswer = z.infer<typeof publicSubmissionAnswerSchema>;

/** The hosted page's address on the CRM at `origin`. */
export function webFormPageUrl(origin: string, slug: string): string {
  return `${origin}/f/${encodeURIComponent(slug)}`;
}

/**
 * What a website pastes to show the form: the hosted page in an iframe, and one line that tells it
 * the address of the page it sits on (so the lead records the page and its UTM parameters).
 */
export function webFormEmbedSnippet(origin: string, form: { slug: string; name: string }): string {
  const title = form.name.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
  return [
    `<iframe src="${webFormPageUrl(origin, form.slug)}" title="${title}" style="width:100%;max-width:640px;height:760px;border:0" loading="lazy"></iframe>`,
    `<script>(function(f){f.src+='?pagina='+encodeURIComponent(location.href)})(document.currentScript.previousElementSibling)</script>`,
  ].join('\n');
}

/** An ALTCHA v2 proof-of-work challenge, as `GET /api/forms/{slug}/challenge` answers it. */
export const webFormChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});
