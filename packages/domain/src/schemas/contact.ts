/**
 * A lead's contacts (docs/contacts.md): the people to ask for at a company, or the person a lead
 * is. Several per lead, exactly one of them primary; admins and managers write them, everyone who
 * reads the lead reads them.
 */
import { z } from 'zod';
import { isPlausiblePhone } from '../phones/phone.js';
import { PRIMARY_CONTACT_FIELDS_MAX_IDS } from '../format/lead-export.js';
import { customFieldValuesSchema, customFieldsInputSchema } from './custom-field.js';
import { LIMITS, clearableText, idSchema, optionalEmailSchema, optionalText, requiredText, text } from './common.js';

export const CONTACT_LIMITS = { cargo: LIMITS.shortText, phone: 50, notes: LIMITS.longText } as const;

export const CONTACT_MESSAGES = {
  nameRequired: 'El nombre del contacto es requerido',
  phoneInvalid: 'Teléfono inválido',
  whatsappInvalid: 'Número de WhatsApp inválido',
  notFound: 'Contacto no encontrado',
  /** The primary stays primary until another contact is made primary: a lead with contacts always has one. */
  keepOnePrimary: 'Un lead con contactos siempre tiene uno principal: marca otro como principal',
} as const;

export const contactSchema = z.object({
  id: z.number(),
  leadId: z.number(),
  name: z.string(),
  cargo: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** 'Tiene WhatsApp': the phone itself is on WhatsApp. */
  phoneHasWhatsapp: z.boolean(),
  /** A WhatsApp number of its own, when it is not the phone. */
  whatsappPhone: z.string().nullable(),
  /** The number WhatsApp links open: its own WhatsApp number, else the phone when it has WhatsApp; null otherwise. */
  whatsapp: z.string().nullable(),
  notes: z.string().nullable(),
  isPrimary: z.boolean(),
  /** The team's contact custom fields (docs/custom-fields.md): `{ <key>: value }`, archived fields' values too. */
  customFields: customFieldValuesSchema,
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type Contact = z.infer<typeof contactSchema>;

/** What the lead DTO says of its primary contact (lists and the lead page). */
export const primaryContactSchema = contactSchema.pick({ id: true, name: true, cargo: true, email: true, phone: true, whatsapp: true });
export type PrimaryContact = z.infer<typeof primaryContactSchema>;

/** The number WhatsApp opens for a contact (see contactSchema.whatsapp). */
export function contactWhatsapp(contact: { phone: string | null; phoneHasWhatsapp: boolean; whatsappPhone: string | null }): string | null {
  return contact.whatsappPhone ?? (contact.phoneHasWhatsapp ? contact.phone : null);
}

const phoneField = (message: string) =>
  text()
    .trim()
    .max(CONTACT_LIMITS.phone, { message: `Máximo ${CONTACT_LIMITS.phone} caracteres` })
    .refine((value) => value === '' || isPlausiblePhone(value), { message });

const contactFields = {
  name: requiredText(CONTACT_MESSAGES.nameRequired, LIMITS.name),
  cargo: optionalText(CONTACT_LIMITS.cargo),
  // Absent reads as null, as an empty one does.
  email: optionalEmailSchema.optional().transform((value) => value ?? null),
  phone: phoneField(CONTACT_MESSAGES.phoneInvalid)
    .nullish()
    .transform((value) => value || null),
  phoneHasWhatsapp: z.boolean({ message: 'Indica si el teléfono tiene WhatsApp' }).default(true),
  whatsappPhone: phoneField(CONTACT_MESSAGES.whatsappInvalid)
    .nullish()
    .transform((value) => value || null),
  notes: optionalText(CONTACT_LIMITS.notes),
  isPrimary: z.boolean({ message: 'Indica si es el contacto principal' }).optional(),
  /** The values of the team's contact fields, checked against their definitions by the service (custom-fields/values-schema.ts). */
  customFields: customFieldsInputSchema,
};

/** 'Añadir contacto'. The lead's first contact is its primary whatever `isPrimary` says. */
export const createContactSchema = z.object({ leadId: idSchema, ...contactFields });
export type CreateContactInput = z.input<typeof createContactSchema>;
export type CreateContact = z.output<typeof createContactSchema>;

/** 'Editar contacto': every field optional, an absent one left unchanged; `isPrimary: true` makes it the primary. */
export const updateContactFieldsSchema = z.object({
  name: contactFields.name.optional(),
  cargo: clearableText(CONTACT_LIMITS.cargo),
  email: optionalEmailSchema.optional(),
  phone: clearableText(CONTACT_LIMITS.phone).refine((value) => !value || isPlausiblePhone(value), {
    message: CONTACT_MESSAGES.phoneInvalid,
  }),
  phoneHasWhatsapp: z.boolean({ message: 'Indica si el teléfono tiene WhatsApp' }).optional(),
  whatsappPhone: clearableText(CONTACT_LIMITS.phone).refine((value) => !value || isPlausiblePhone(value), {
    message: CONTACT_MESSAGES.whatsappInvalid,
  }),
  notes: clearableText(CONTACT_LIMITS.notes),
  isPrimary: contactFields.isPrimary,
  /** A patch: a key set to null or '' is cleared, an absent one left alone. */
  customFields: contactFields.customFields,
});
export type UpdateContactFields = z.output<typeof updateContactFieldsSchema>;
export const updateContactSchema = z.object({ id: idSchema, data: updateContactFieldsSchema });
export type UpdateContactInput = z.input<typeof updateContactSchema>;

/** The contact fields an edit and the history name, in the form's order. */
export const CONTACT_FIELDS = ['name', 'cargo', 'email', 'phone', 'phoneHasWhatsapp', 'whatsappPhone', 'notes'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The leads whose primary contacts' custom values are asked for: `ids=1,2,3` in a query string, an array in tRPC. */
export const primaryContactFieldsQuerySchema = z.object({
  ids: z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',') : value),
    z
      .array(idSchema)
      .min(1, { message: 'Indica al menos un lead' })
      .max(PRIMARY_CONTACT_FIELDS_MAX_IDS, { message: `Máximo ${PRIMARY_CONTACT_FIELDS_MAX_IDS} leads por consulta` }),
  ),
});
export type PrimaryContactFieldsQuery = z.output<typeof primaryContactFieldsQuerySchema>;

/** Each named lead that has a primary contact and that the reader may see, with that contact's custom values. */
export const primaryContactFieldsSchema = z.array(z.object({ leadId: z.number(), customFields: customFieldValuesSchema }));
export type PrimaryContactFields = z.infer<typeof primaryContactFieldsSchema>;
