/**
 * What a web form can ask (docs/web-forms.md, 'Campos'): the lead's own fields, its primary
 * contact's, and the team's active lead custom fields. Each is named by where its value goes in a
 * submission: `email`, `contact.cargo`, `customFields.provincia`.
 */
import { z } from 'zod';
import { type CustomFieldsPatch, UNKNOWN_CUSTOM_FIELD, customFieldsSchema } from '../custom-fields/values-schema.js';
import { CUSTOM_FIELD_KEY, type CustomFieldDefinition } from '../custom-fields/types.js';

/** The lead fields a form may show, in the order a new form shows them. */
export const WEB_FORM_FIELDS = ['name', 'email', 'phone', 'description', 'address', 'domain'] as const;
export type WebFormLeadField = (typeof WEB_FORM_FIELDS)[number];

/** The primary contact's fields a form may show: the person who writes, at the company the lead is. */
export const WEB_FORM_CONTACT_FIELDS = ['contact.name', 'contact.cargo', 'contact.email', 'contact.phone'] as const;
export type WebFormContactField = (typeof WEB_FORM_CONTACT_FIELDS)[number];
export type WebFormBuiltInField = WebFormLeadField | WebFormContactField;

const CUSTOM_PREFIX = 'customFields.';
/** A lead custom field on a form: `customFields.<key>` (the key never changes, so forms keep it). */
export type WebFormCustomField = `customFields.${string}`;
export type WebFormField = WebFormBuiltInField | WebFormCustomField;

export const WEB_FORM_FIELD_LABELS: Record<WebFormBuiltInField, string> = {
  name: 'Nombre o empresa',
  email: 'Email',
  phone: 'Teléfono',
  description: 'Mensaje',
  address: 'Dirección',
  domain: 'Sitio web',
  'contact.name': 'Persona de contacto',
  'contact.cargo': 'Cargo',
  'contact.email': 'Email de contacto',
  'contact.phone': 'Teléfono de contacto',
};

export const webFormFieldSchema = z.union(
  [z.enum([...WEB_FORM_FIELDS, ...WEB_FORM_CONTACT_FIELDS]), z.templateLiteral([CUSTOM_PREFIX, z.string().regex(CUSTOM_FIELD_KEY)])],
  { message: 'Campo desconocido' },
);

export const webFormFieldSettingSchema = z.object({ field: webFormFieldSchema, required: z.boolean() });
export type WebFormFieldSetting = z.infer<typeof webFormFieldSettingSchema>;

export function isBuiltInField(field: WebFormField): field is WebFormBuiltInField {
  return !field.startsWith(CUSTOM_PREFIX);
}

export function isContactField(field: WebFormField): field is WebFormContactField {
  return field.startsWith('contact.');
}

/** The custom field's key of `customFields.<key>`; undefined for the built-in fields. */
export function customFieldKeyOf(field: WebFormField): string | undefined {
  return field.startsWith(CUSTOM_PREFIX) ? field.slice(CUSTOM_PREFIX.length) : undefined;
}

export function customFormField(key: string): WebFormCustomField {
  return `${CUSTOM_PREFIX}${key}`;
}

/** The active lead custom field a setting names; undefined for a built-in field and for an archived or unknown one. */
export function formFieldDefinition(field: WebFormField, definitions: readonly CustomFieldDefinition[]): CustomFieldDefinition | undefined {
  const key = customFieldKeyOf(field);
  return key === undefined
    ? undefined
    : definitions.find((definition) => definition.key === key && definition.entity === 'lead' && !definition.archived);
}

/** What the page, the builder and the door see of a form's fields: a custom field archived since is left out (its setting stays stored). */
export function visibleFormFields<T extends { field: WebFormField }>(
  fields: readonly T[],
  definitions: readonly CustomFieldDefinition[],
): T[] {
  return fields.filter((setting) => customFieldKeyOf(setting.field) === undefined || formFieldDefinition(setting.field, definitions));
}

/** The label a form shows for a field (a custom field's own label; its key when it is no longer active). */
export function webFormFieldLabel(field: WebFormField, definitions: readonly CustomFieldDefinition[]): string {
  const key = customFieldKeyOf(field);
  if (key === undefined) return WEB_FORM_FIELD_LABELS[field as WebFormBuiltInField];
  return formFieldDefinition(field, definitions)?.label ?? key;
}

/**
 * Why a form's settings cannot show its custom fields: a key that is no lead field, or one that is
 * archived (the builder only offers active ones). undefined when every one is shown.
 */
export function formCustomFieldsRefusal(
  fields: readonly WebFormFieldSetting[],
  definitions: readonly CustomFieldDefinition[],
): string | undefined {
  for (const { field } of fields) {
    const key = customFieldKeyOf(field);
    if (key === undefined) continue;
    const definition = definitions.find((candidate) => candidate.key === key && candidate.entity === 'lead');
    if (!definition) return `${UNKNOWN_CUSTOM_FIELD}: ${key}`;
    if (definition.archived) return `«${definition.label}» está archivado: recupéralo o quítalo del formulario`;
  }
  return undefined;
}

/**
 * A submission's custom values, checked by the one builder of custom values (customFieldsSchema):
 * the form's active fields, each required as the form says, and the archived ones (so their values
 * are refused as archived). A key the form does not show is unknown to it.
 */
export function webFormCustomFieldsSchema(fields: readonly WebFormFieldSetting[], definitions: readonly CustomFieldDefinition[]) {
  const shown = fields.flatMap((setting) => {
    const definition = formFieldDefinition(setting.field, definitions);
    return definition ? [{ ...definition, required: setting.required }] : [];
  });
  const archived = definitions.filter((definition) => definition.entity === 'lead' && definition.archived);
  return customFieldsSchema([...shown, ...archived], 'create');
}
export type WebFormCustomValues = CustomFieldsPatch;
