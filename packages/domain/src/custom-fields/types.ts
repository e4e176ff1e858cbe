/**
 * Custom fields (docs/custom-fields.md): the types an admin can give a field, their Spanish labels,
 * what each type can be filtered and sorted by, and the key rule. Without zod, for the web app's shell.
 */

export const CUSTOM_FIELD_ENTITIES = ['lead', 'contact'] as const;
export type CustomFieldEntity = (typeof CUSTOM_FIELD_ENTITIES)[number];

export const CUSTOM_FIELD_TYPES = [
  'text',
  'long_text',
  'number',
  'money',
  'date',
  'select',
  'multi_select',
  'checkbox',
  'url',
  'email',
  'phone',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: 'Texto',
  long_text: 'Texto largo',
  number: 'Número',
  money: 'Importe',
  date: 'Fecha',
  select: 'Selección',
  multi_select: 'Selección múltiple',
  checkbox: 'Casilla (sí/no)',
  url: 'URL',
  email: 'Email',
  phone: 'Teléfono',
};

/** A value as it is stored and sent: money as a decimal string ('1500.00'), never a float. */
export type CustomFieldValue = string | number | boolean | string[];
export type CustomFieldValues = Record<string, CustomFieldValue>;

/** The slug a field is stored, filtered and sorted under: it is written into SQL, so nothing else passes. */
export const CUSTOM_FIELD_KEY = /^[a-z][a-z0-9_]{0,39}$/;

export function isCustomFieldKey(value: string): boolean {
  return CUSTOM_FIELD_KEY.test(value);
}

/** A definition as every reader gets it. */
export interface CustomFieldDefinition {
  id: number;
  entity: CustomFieldEntity;
  key: string;
  label: string;
  type: CustomFieldType;
  options: string[];
  required: boolean;
  position: number;
  archived: boolean;
}

export const TEXT_TYPES: readonly CustomFieldType[] = ['text', 'long_text', 'url', 'email', 'phone'];
export const RANGE_TYPES: readonly CustomFieldType[] = ['number', 'money', 'date'];
/** Types with options. */
export const CHOICE_TYPES: readonly CustomFieldType[] = ['select', 'multi_select'];

/**
 * Sortable types: every type with one value per lead. Long texts are not (an index cannot hold
 * them whole) and neither are multi-selects (a set has no single place in an order).
 */
export function isSortableType(type: CustomFieldType): boolean {
  return type !== 'long_text' && type !== 'multi_select';
}

/** How a list compares the values: as numbers, or as text (ISO dates sort as text). */
export function sortKindOf(type: CustomFieldType): 'numeric' | 'text' {
  return type === 'number' || type === 'money' ? 'numeric' : 'text';
}

/** Slug of a label, for a new field's key: 'Facturación (€)' → 'facturacion'. */
export function keyFromLabel(label: string): string {
  const slug = label
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40)
    .replace(/_+$/, '');
  if (!slug) return 'campo';
  return /^[a-z]/.test(slug) ? slug : `c_${slug}`.slice(0, 40);
}

/** How a history entry names a custom field's change: `customFields.<key>`. */
export const CUSTOM_FIELD_CHANGE_PREFIX = 'customFields.';
