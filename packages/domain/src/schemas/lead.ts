/** Leads as the API returns them, and the inputs that create, edit, assign and list them. */
import { z } from 'zod';
import { FORM_CATEGORIES, LEAD_CATEGORIES } from '../leads/categories.js';
import { LEAD_STATUSES } from '../leads/statuses.js';
import { LEAD_SORT_FIELDS, type LeadSort, SORT_DIRECTIONS } from '../leads/sort.js';
import { isPlausiblePhone } from '../phones/phone.js';
import { dealFieldsSchema } from './deal.js';
import { tagSchema } from './tag.js';
import { CONTACT_LIMITS, primaryContactSchema } from './contact.js';
import { trackingRecordSchema } from './tracking.js';
import { CUSTOM_FIELD_KEY } from '../custom-fields/types.js';
import { customFieldFiltersSchema, customFieldValuesSchema, customFieldsInputSchema } from './custom-field.js';
import { LIMITS, clearableText, idSchema, nullableIdSchema, optionalEmailSchema, optionalText, requiredText, text } from './common.js';

export const LEAD_LIMITS = { phone: 50, address: 500, domain: 255, listPageSize: 500 } as const;

const CATEGORY_REQUIRED = 'La categoría es requerida';

export const leadCategorySchema = z.enum(LEAD_CATEGORIES, { message: CATEGORY_REQUIRED });
export const leadStatusSchema = z.enum(LEAD_STATUSES, { message: 'Estado inválido' });

export const leadSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  category: leadCategorySchema,
  description: z.string().nullable(),
  status: leadStatusSchema,
  assignedTo: z.number().nullable(),
  groupId: z.number().nullable(),
  contactedBy: z.number().nullable(),
  contactedAt: z.date().nullable(),
  address: z.string().nullable(),
  domain: z.string().nullable(),
  /** The deal's amount, an exact decimal string ('1500.00'); null: none given (its value is then the team's default). */
  amount: z.string().nullable(),
  /** The amount's currency (ISO code); null while there is no amount. */
  currency: z.string().nullable(),
  /** 'YYYY-MM-DD' */
  expectedCloseDate: z.string().nullable(),
  lostReason: z.string().nullable(),
  createdAt: z.date(),
  /** The team's custom fields (docs/custom-fields.md): `{ <key>: value }`, archived fields' values too. */
  customFields: customFieldValuesSchema,
});
export type Lead = z.infer<typeof leadSchema>;

/** Who a card names: the assignee, or whoever marked the lead contacted. */
export const leadPersonSchema = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type LeadPerson = z.infer<typeof leadPersonSchema>;

/** The lead's earliest open follow-up, as lists and cards show it. */
export const nextFollowUpSchema = z.object({ id: z.number(), dueAt: z.date() });
export type NextFollowUp = z.infer<typeof nextFollowUpSchema>;

/** A lead as the lists return it: the DTO plus the names its card shows, its tracking record, next follow-up and primary contact. */
export const leadListItemSchema = leadSchema.extend({
  assignee: leadPersonSchema.nullable(),
  contactedByUser: leadPersonSchema.nullable(),
  tracking: trackingRecordSchema.nullable(),
  nextFollowUp: nextFollowUpSchema.nullable(),
  /** Its tags, by name. */
  tags: z.array(tagSchema),
  primaryContact: primaryContactSchema.nullable(),
});
export type LeadListItem = z.infer<typeof leadListItemSchema>;

export const leadPageSchema = z.object({
  items: z.array(leadListItemSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type LeadPage = z.infer<typeof leadPageSchema>;

/** The three tab counts ('Leads Activos', 'Contactados', 'Grupos') under the current filters. */
export const leadCountsSchema = z.object({
  leads: z.number().int(),
  contacted: z.number().int(),
  groups: z.number().int(),
  /**
   * Leads Activos that the spec's default view (no group, no assignee chosen) leaves out because
   * they are in a group: its empty state says where they are. 0 for every other view.
   */
  inGroups: z.number().int(),
});
export type LeadCounts = z.infer<typeof leadCountsSchema>;

/** CONTRACT §8: a lead needs a way to reach it, an email or a phone (each validated when given). */
export const CONTACT_REQUIRED = 'Indica un email o un teléfono';

export function hasContactWay(lead: { email?: string | null; phone?: string | null }): boolean {
  return Boolean(lead.email?.trim()) || /\d/.test(lead.phone ?? '');
}

/** The contact rule may run once the email and phone themselves parsed, whatever the other fields. */
function contactFieldsParsed(payload: { issues: readonly { path?: readonly PropertyKey[] }[] }): boolean {
  return payload.issues.every((issue) => issue.path?.[0] !== 'email' && issue.path?.[0] !== 'phone');
}

const leadPhoneSchema = text()
  .trim()
  .max(LEAD_LIMITS.phone, { message: `Máximo ${LEAD_LIMITS.phone} caracteres` })
  .refine((value) => value === '' || isPlausiblePhone(value), { message: 'Teléfono inválido' })
  .nullish()
  .transform((value) => value || null);

/** 'Agregar Nuevo Lead': the form's five categories only; an email or a phone, each valid when given. */
export const createLeadSchema = z
  .object({
    name: requiredText('El nombre es requerido', LIMITS.name),
    email: optionalEmailSchema,
    phone: leadPhoneSchema,
    category: z.enum(FORM_CATEGORIES, { message: CATEGORY_REQUIRED }),
    description: requiredText('La descripción es requerida', LIMITS.longText),
    assignedTo: nullableIdSchema,
    /** 'Por Especialización' → 'Asignar automáticamente': the role's distribution rule picks the assignee (assignedTo is then ignored). */
    autoAssignRoleId: nullableIdSchema.optional(),
    /** Checked against the definitions by the service (custom-fields/values-schema.ts). */
    customFields: customFieldsInputSchema,
    amount: dealFieldsSchema.shape.amount,
    currency: dealFieldsSchema.shape.currency,
    expectedCloseDate: dealFieldsSchema.shape.expectedCloseDate,
  })
  // Checked even while other fields fail, so the form shows every message at once.
  .refine(hasContactWay, { message: CONTACT_REQUIRED, path: ['email'], when: contactFieldsParsed });
export type CreateLeadInput = z.input<typeof createLeadSchema>;
export type CreateLead = z.output<typeof createLeadSchema>;

/**
 * One row of an imported file: a name, and an email or a phone (an email, when given, must be
 * valid). The keys are in the order the row's problem is reported (the first issue is the one shown).
 */
export const importedLeadSchema = z
  .object({
    name: requiredText('falta el nombre', LIMITS.name),
    description: optionalText(LIMITS.longText),
    phone: optionalText(LEAD_LIMITS.phone),
    address: optionalText(LEAD_LIMITS.address),
    domain: optionalText(LEAD_LIMITS.domain),
    email: optionalEmailSchema,
    // The primary contact's: kept only with its name (the publish step inserts contacts that have one).
    contactName: optionalText(LIMITS.name),
    contactCargo: optionalText(CONTACT_LIMITS.cargo),
    contactPhone: optionalText(CONTACT_LIMITS.phone),
    contactEmail: optionalEmailSchema,
  })
  .refine(hasContactWay, { message: 'falta el email o el teléfono' });
export type ImportedLead = z.output<typeof importedLeadSchema>;

/**
 * The edit dialog ('Editar Lead'): every field optional, an absent one left unchanged. Any of the
 * eight categories is allowed, since imported leads carry legal, inmobiliario or otros.
 * contactedBy / contactedAt are accepted for the spec's 'mark contacted' call and then dropped:
 * the server records the session's user and its own clock (docs/leads.md, 'Marcar contactado').
 */
export const updateLeadSchema = z
  .object({
    name: requiredText('El nombre es requerido', LIMITS.name).optional(),
    email: optionalEmailSchema.optional(),
    phone: clearableText(LEAD_LIMITS.phone).refine((value) => !value || isPlausiblePhone(value), { message: 'Teléfono inválido' }),
    category: leadCategorySchema.optional(),
    description: clearableText(LIMITS.longText),
    status: leadStatusSchema.optional(),
    assignedTo: nullableIdSchema.optional(),
    address: clearableText(LEAD_LIMITS.address),
    domain: clearableText(LEAD_LIMITS.domain),
    ...dealFieldsSchema.shape,
    contactedBy: z.unknown().optional(),
    contactedAt: z.unknown().optional(),
    /** A patch: a key set to null is cleared, an absent one left alone. */
    customFields: customFieldsInputSchema,
  })
  .transform(({ contactedBy: _by, contactedAt: _at, ...changes }) => changes);
export type UpdateLeadInput = z.input<typeof updateLeadSchema>;
export type UpdateLead = z.output<typeof updateLeadSchema>;

/** What a `leadChanged` live event says happened, so open boards and lists refresh. */
export const LEAD_CHANGES = ['created', 'updated', 'assigned', 'deleted'] as const;
export type LeadChange = (typeof LEAD_CHANGES)[number];

/** 'Asignar a:'; null unassigns (the API allows it even though the spec's select does not). */
export const assignLeadSchema = z.object({ assignedTo: nullableIdSchema });
export type AssignLeadInput = z.input<typeof assignLeadSchema>;

/** Query strings send '' for an unset filter: read it as absent. */
function optionalQuery<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());
}

export const LEAD_VIEWS = ['leads', 'contacted'] as const;
export type LeadView = (typeof LEAD_VIEWS)[number];

/** `<field>:<asc|desc>` (leads/sort.ts). */
export const leadSortSchema = z.union(
  [
    z.templateLiteral([z.enum(LEAD_SORT_FIELDS), ':', z.enum(SORT_DIRECTIONS)]),
    // A custom field's column: the key's own rule here, its definition in the service.
    z.templateLiteral(['cf.', z.string().regex(CUSTOM_FIELD_KEY), ':', z.enum(SORT_DIRECTIONS)]),
  ],
  { message: 'Orden inválido' },
) satisfies z.ZodType<LeadSort>;

/** 'Mis leads' (me), 'Sin asignar' (none) or one person's id. */
export const leadAssigneeFilterSchema = z.union([z.literal('me'), z.literal('none'), idSchema], {
  message: 'Filtro de asignación inválido',
});
export type LeadAssigneeFilter = z.output<typeof leadAssigneeFilterSchema>;

export const leadListQuerySchema = z.object({
  limit: optionalQuery(
    z.coerce
      .number()
      .int()
      .min(1)
      .max(LEAD_LIMITS.listPageSize, { message: `Máximo ${LEAD_LIMITS.listPageSize} por página` }),
  ),
  cursor: optionalQuery(text().max(200)),
  status: optionalQuery(leadStatusSchema),
  category: optionalQuery(leadCategorySchema),
  groupId: optionalQuery(idSchema),
  q: optionalQuery(
    text()
      .trim()
      .max(LIMITS.name, { message: `Máximo ${LIMITS.name} caracteres` }),
  ),
  /**
   * 'leads' (Leads Activos): leads not yet contacted, and only ungrouped ones unless groupId is set;
   * an explicit status filter replaces the 'not contacted' rule. 'contacted' (Contactados): leads
   * marked contacted at some point or whose status is contactado, interesado or convertido, from
   * any group unless groupId is set. Absent: the filters alone.
   */
  view: optionalQuery(z.enum(LEAD_VIEWS)),
  assignedTo: optionalQuery(leadAssigneeFilterSchema),
  /** The leads one of the reader's notifications stands for ('Te asignaron 10 leads'), from any group. */
  notificationId: optionalQuery(idSchema),
  sort: optionalQuery(leadSortSchema),
  /** Custom field filters, `{ <key>: { contains | eq | min/max | anyOf } }` (JSON text in a query string). */
  cf: optionalQuery(customFieldFiltersSchema),
  /** Leads carrying this tag. */
  tagId: optionalQuery(idSchema),
});
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

/** The tab counts follow the filters the screen shows above the tabs. */
export const leadCountsQuerySchema = leadListQuerySchema.pick({
  category: true,
  status: true,
  groupId: true,
  q: true,
  assignedTo: true,
  notificationId: true,
  cf: true,
  tagId: true,
});
export type LeadCountsQuery = z.output<typeof leadCountsQuerySchema>;

/** The board ('Embudo'): the list's filters; each column is one status, paged on its own. */
export const pipelineQuerySchema = leadListQuerySchema.pick({
  cf: true,
  assignedTo: true,
  category: true,
  groupId: true,
  q: true,
  limit: true,
  tagId: true,
});
export type PipelineQuery = z.output<typeof pipelineQuerySchema>;
export const pipelineColumnQuerySchema = pipelineQuerySchema.extend({ status: leadStatusSchema, cursor: leadListQuerySchema.shape.cursor });
export type PipelineColumnQuery = z.output<typeof pipelineColumnQuerySchema>;
/**
 * A column's figures: its count, and its value, the sum of its leads' values (amount, or the team's
 * value per conversion without one) in the team's currency, an exact decimal string (docs/leads.md).
 */
const pipelineColumnFigures = z.object({ status: leadStatusSchema, count: z.number().int(), value: z.string() });
export type PipelineColumnFigures = z.infer<typeof pipelineColumnFigures>;
/** The board's refresh: each status with its count and value under the filters. */
export const pipelineCountsSchema = z.object({ columns: z.array(pipelineColumnFigures) });
/** The board: each status with its count, value and first page. */
export const pipelineBoardSchema = z.object({ columns: z.array(leadPageSchema.extend(pipelineColumnFigures.shape)) });
