/** Custom (specialization) roles and the forms that create and edit them. */
import { z } from 'zod';
import { DISTRIBUTION_RULES } from '../leads/distribution.js';
import { LIMITS, clearableText, optionalText, requiredText, text } from './common.js';

export const DEFAULT_ROLE_COLOR = '#6366f1';
export const CUSTOM_ROLE_LIMITS = { name: 50, displayName: LIMITS.shortText, description: 500 } as const;

export const customRoleSchema = z.object({
  id: z.number(),
  name: z.string(),
  displayName: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  createdAt: z.date(),
  /** How leads sent to the role are handed out (docs/leads.md, 'Reparto automático'). */
  distribution: z.enum(DISTRIBUTION_RULES),
});
export type CustomRole = z.infer<typeof customRoleSchema>;

/** Six-digit hex as the colour picker gives it; stored lowercase so equal colours compare equal. */
export const hexColorSchema = text({ message: 'Color inválido' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: 'Color inválido' })
  .transform((value) => value.toLowerCase());

/** A blank colour field means the default colour. */
const colorWithDefault = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  hexColorSchema.default(DEFAULT_ROLE_COLOR),
);

/** The identifier is matched against specialization names (tecnico, juridico...), so it stays a plain slug. */
export const roleIdentifierSchema = text({ message: 'El identificador es requerido' })
  .trim()
  .min(1, { message: 'El identificador es requerido', abort: true })
  .max(CUSTOM_ROLE_LIMITS.name, { message: `Máximo ${CUSTOM_ROLE_LIMITS.name} caracteres` })
  .regex(/^[a-z0-9_]+$/, {
    message: 'El identificador solo puede tener letras minúsculas, números y guion bajo',
  });

export const createCustomRoleSchema = z.object({
  name: roleIdentifierSchema,
  displayName: requiredText('El nombre visible es requerido', CUSTOM_ROLE_LIMITS.displayName),
  description: optionalText(CUSTOM_ROLE_LIMITS.description),
  color: colorWithDefault,
});
export type CreateCustomRoleInput = z.input<typeof createCustomRoleSchema>;
export type CreateCustomRole = z.output<typeof createCustomRoleSchema>;

/** 'Editar Rol': the identifier is fixed once created; absent fields stay as they are. */
export const updateCustomRoleSchema = z.object({
  displayName: requiredText('El nombre visible es requerido', CUSTOM_ROLE_LIMITS.displayName).optional(),
  description: clearableText(CUSTOM_ROLE_LIMITS.description),
  color: hexColorSchema.optional(),
  distribution: z.enum(DISTRIBUTION_RULES, { message: 'Regla de reparto inválida' }).optional(),
});
export type UpdateCustomRoleInput = z.input<typeof updateCustomRoleSchema>;
export type UpdateCustomRole = z.output<typeof updateCustomRoleSchema>;
