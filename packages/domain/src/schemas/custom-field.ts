/** Custom field definitions as the API returns them, their create and edit inputs, and the list filters by their values. */
import { z } from 'zod';
import { CUSTOM_FIELD_LIMITS } from '../custom-fields/parse-value.js';
import { CHOICE_TYPES, CUSTOM_FIELD_ENTITIES, CUSTOM_FIELD_KEY, CUSTOM_FIELD_TYPES } from '../custom-fields/types.js';
import { text } from './common.js';

export const customFieldTypeSchema = z.enum(CUSTOM_FIELD_TYPES, { message: 'Tipo de campo inválido' });
export const customFieldEntitySchema = z.enum(CUSTOM_FIELD_ENTITIES, { message: 'Entidad inválida (lead o contact)' });

/** A stored value: text, number, money as '1500.00', a date 'YYYY-MM-DD', a flag or the chosen options. */
export const customFieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
export const customFieldValuesSchema = z.record(z.string(), customFieldValueSchema);

/** A record's custom values as a write sends them: their shape and meaning are checked against the definitions (customFieldsSchema). */
export const customFieldsInputSchema = z
  .record(z.string(), z.unknown(), { message: 'Los campos personalizados deben ser un objeto' })
  .optional();

export const customFieldDefinitionSchema = z.object({
  id: z.number(),
  entity: customFieldEntitySchema,
  key: z.string(),
  label: z.string(),
  type: customFieldTypeSchema,
  options: z.array(z.string()),
  required: z.boolean(),
  position: z.number().int(),
  archived: z.boolean(),
});

export const customFieldKeySchema = text({ message: 'Clave inválida' }).regex(CUSTOM_FIELD_KEY, {
  message: 'Clave inválida: minúsculas, números y _, empezando por una letra (máx. 40)',
});

const labelSchema = text({ message: 'El nombre del campo es requerido' })
  .trim()
  .min(1, { message: 'El nombre del campo es requerido' })
  .max(100, { message: 'Máximo 100 caracteres' });

const optionsSchema = z
  .array(
    text({ message: 'Opción inválida' })
      .trim()
      .min(1, { message: 'Una opción no puede estar vacía' })
      .max(CUSTOM_FIELD_LIMITS.optionLength, { message: `Máximo ${CUSTOM_FIELD_LIMITS.optionLength} caracteres por opción` }),
    { message: 'Las opciones deben ser una lista' },
  )
  .max(CUSTOM_FIELD_LIMITS.options, { message: `Máximo ${CUSTOM_FIELD_LIMITS.options} opciones` })
  .refine((options) => new Set(options.map((option) => option.toLowerCase())).size === options.length, {
    message: 'Hay opciones repetidas',
  });

/** 'Configuración → Campos personalizados' → 'Nuevo campo'. Without a key, the label's slug. */
export const createCustomFieldSchema = z
  .object({
    entity: customFieldEntitySchema.default('lead'),
    key: customFieldKeySchema.optional(),
    label: labelSchema,
    type: customFieldTypeSchema,
    options: optionsSchema.default([]),
    required: z.boolean({ message: 'Obligatorio debe ser sí o no' }).default(false),
  })
  .strict()
  .refine((field) => !CHOICE_TYPES.includes(field.type) || field.options.length > 0, {
    message: 'Una selección necesita al menos una opción',
    path: ['options'],
  })
  .refine((field) => CHOICE_TYPES.includes(field.type) || field.options.length === 0, {
    message: 'Solo las selecciones tienen opciones',
    path: ['options'],
  });
export type CreateCustomFieldInput = z.input<typeof createCustomFieldSchema>;
export type CreateCustomField = z.output<typeof createCustomFieldSchema>;

/**
 * An edit: label, options, required, place in the order, archived. The key, the type and the
 * entity never change (stored values are read by them): sending them is refused.
 */
export const updateCustomFieldSchema = z
  .object({
    label: labelSchema.optional(),
    options: optionsSchema.optional(),
    required: z.boolean({ message: 'Obligatorio debe ser sí o no' }).optional(),
    /** 0-based place among the entity's fields; the others move to make room. */
    position: z.number({ message: 'Posición inválida' }).int({ message: 'Posición inválida' }).min(0).max(1000).optional(),
    /** true archives (as DELETE does), false brings the field back with its values. */
    archived: z.boolean({ message: 'Archivado debe ser sí o no' }).optional(),
  })
  .strict();
export type UpdateCustomField = z.output<typeof updateCustomFieldSchema>;

export const customFieldListQuerySchema = z.object({
  entity: z.preprocess((value) => (value === '' ? undefined : value), customFieldEntitySchema.optional()),
  /** 'true': archived fields too (the settings screen); otherwise the active ones. */
  includeArchived: z.preprocess((value) => value === true || value === 'true', z.boolean()).default(false),
});

const filterText = text().trim().min(1, { message: 'Filtro vacío' }).max(200, { message: 'Máximo 200 caracteres' });
const filterScalar = z.union([filterText, z.number(), z.boolean()], { message: 'Valor de filtro inválido' });

/**
 * One field's filter: `contains` (text types), `eq` (any single-valued type), `min`/`max` (number,
 * money, date), `anyOf` (select, multi-select). Which operator a type takes is checked against
 * its definition (custom-fields/filters.ts).
 */
export const customFieldFilterSchema = z.union(
  [
    z.object({ contains: filterText }).strict(),
    z.object({ eq: filterScalar }).strict(),
    z
      .object({ min: filterScalar.optional(), max: filterScalar.optional() })
      .strict()
      .refine((range) => range.min !== undefined || range.max !== undefined, { message: 'Indica un mínimo o un máximo' }),
    z.object({ anyOf: z.array(filterText).min(1, { message: 'Elige al menos una opción' }).max(50) }).strict(),
  ],
  { message: 'Filtro inválido: contains, eq, min/max o anyOf' },
);
export type CustomFieldFilter = z.output<typeof customFieldFilterSchema>;

/** The list's `cf` parameter: `{ <key>: <filter> }`, as JSON text in a query string. */
export const customFieldFiltersSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z
    .record(customFieldKeySchema, customFieldFilterSchema, { message: 'cf debe ser un objeto JSON { clave: filtro }' })
    .refine((filters) => Object.keys(filters).length <= 10, { message: 'Máximo 10 filtros de campos personalizados' }),
);
export type CustomFieldFilters = z.output<typeof customFieldFiltersSchema>;
