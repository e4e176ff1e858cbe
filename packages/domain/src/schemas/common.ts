/** Building blocks shared by the schemas: trimmed texts with the spec's Spanish messages. */
import { z } from 'zod';
import { isIsoDate } from '../format/dates.js';

// Every schema imports this file: zod's own fallback messages (a wrong type, a limit without
// our text) then come out in Spanish too, never in English.
z.config(z.locales.es());

export const LIMITS = {
  name: 200,
  email: 254,
  longText: 5000,
  shortText: 100,
  password: { min: 6, max: 200 },
} as const;

const ID_MESSAGE = 'Identificador inválido';
/** One spelling per id: '10', never '010', '+10', ' 10', '1e1', '0x10' or '10.0' (all of which Number() reads as 10). */
const CANONICAL_ID = /^[1-9][0-9]{0,9}$/;

/**
 * Ids arrive as JSON numbers (bodies, tRPC) or as text (decoded paths and query strings): text
 * must be the canonical decimal, so a proxy, a cache or a log sees the same id the database does.
 */
export const idSchema = z.preprocess(
  (value) => (typeof value === 'string' ? (CANONICAL_ID.test(value) ? Number(value) : Number.NaN) : value),
  z
    .number({ message: ID_MESSAGE })
    .int({ message: ID_MESSAGE })
    .positive({ message: ID_MESSAGE })
    // Ids are PostgreSQL integers: a larger number would fail in the database as a 500.
    .max(2_147_483_647, { message: ID_MESSAGE }),
);

/** The input of a call on one row by its id (`/api/leads/{id}`, tRPC `{ id }`). */
export const idInputSchema = z.object({ id: idSchema });

/** What a delete answers: the id of the row that went. */
export const deletedSchema = z.object({ id: z.number() });

/** An answer that only says, in Spanish, what was done ('Usuario eliminado'). */
export const messageSchema = z.object({ message: z.string() });

/** PostgreSQL text cannot hold U+0000: refused here, instead of failing in the database as a 500. */
export const NUL_CHARACTER_MESSAGE = 'El texto contiene caracteres no válidos';
export const hasNoNulCharacter = (value: string): boolean => !value.includes('\u0000');

/**
 * Every text an input schema accepts starts here, so the NUL rule holds for each field
 * (names, phones, searches, passwords …) without being restated; chain trim, min, max after it.
 */
export function text(params?: string | { message?: string }) {
  return z.string(params).refine(hasNoNulCharacter, { message: NUL_CHARACTER_MESSAGE });
}

export function requiredText(message: string, max: number = LIMITS.name) {
  return text({ message })
    .trim()
    .min(1, { message })
    .max(max, { message: `Máximo ${max} caracteres` });
}

export function optionalText(max: number = LIMITS.longText) {
  return text()
    .trim()
    .max(max, { message: `Máximo ${max} caracteres` })
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));
}

/** An email address, refused with `message`. */
export function emailOf(message = 'Email inválido') {
  return text({ message }).trim().max(LIMITS.email, { message }).pipe(z.email({ message }));
}

export const emailSchema = emailOf();

export const passwordSchema = text({ message: 'La contraseña debe tener al menos 6 caracteres' })
  .min(LIMITS.password.min, { message: 'La contraseña debe tener al menos 6 caracteres' })
  .max(LIMITS.password.max, { message: `Máximo ${LIMITS.password.max} caracteres` });

/** An optional reference: absent, '' (a cleared select) and null all mean none. */
export const nullableIdSchema = z.preprocess((value) => (value === '' || value === undefined ? null : value), idSchema.nullable());

/**
 * For edits: an absent key stays absent (leave the field alone), while '' or null clear it.
 * optionalText turns absent into null, which an update would read as 'clear'.
 */
export function clearableText(max: number = LIMITS.longText) {
  return text()
    .trim()
    .max(max, { message: `Máximo ${max} caracteres` })
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));
}

/** An email that may be left empty ('' and absent become null), as imported leads have. */
export const optionalEmailSchema = z.preprocess(
  (value) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value),
  emailSchema.nullable(),
);

/** Calendar days outside these years are typos (9999-12-31), and their day after overflows the database's dates. */
export const CALENDAR_YEARS = { min: 1900, max: 2100 } as const;

/** A calendar date 'YYYY-MM-DD': no time and no zone, so it never shifts a day between browser and server. */
export function isoDateSchema(message: string) {
  return text({ message })
    .trim()
    .min(1, { message, abort: true })
    .refine(isIsoDate, { message: 'Fecha inválida', abort: true })
    .refine((value) => Number(value.slice(0, 4)) >= CALENDAR_YEARS.min && Number(value.slice(0, 4)) <= CALENDAR_YEARS.max, {
      message: `La fecha debe estar entre los años ${CALENDAR_YEARS.min} y ${CALENDAR_YEARS.max}`,
      abort: true,
    });
}
