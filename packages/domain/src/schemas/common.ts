/** Building blocks shared by the schemas: trimmed texts with the spec's Spanish messages. */
import { z } from 'zod';

export const LIMITS = {
  name: 200,
  email: 254,
  longText: 5000,
  shortText: 100,
  password: { min: 6, max: 200 },
} as const;

export const idSchema = z.coerce
  .number({ message: 'Identificador inválido' })
  .int({ message: 'Identificador inválido' })
  .positive({ message: 'Identificador inválido' });

export function requiredText(message: string, max: number = LIMITS.name) {
  return z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(max, { message: `Máximo ${max} caracteres` });
}

export function optionalText(max: number = LIMITS.longText) {
  return z
    .string()
    .trim()
    .max(max, { message: `Máximo ${max} caracteres` })
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));
}

export const emailSchema = z
  .string({ message: 'Email inválido' })
  .trim()
  .max(LIMITS.email, { message: 'Email inválido' })
  .pipe(z.email({ message: 'Email inválido' }));

export const passwordSchema = z
  .string({ message: 'La contraseña debe tener al menos 6 caracteres' })
  .min(LIMITS.password.min, { message: 'La contraseña debe tener al menos 6 caracteres' })
  .max(LIMITS.password.max, { message: `Máximo ${LIMITS.password.max} caracteres` });
