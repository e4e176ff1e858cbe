/**
 * API tokens (docs/api-tokens.md): a person's named secret for other software, acting as them,
 * narrowed to reads or allowed writes too. The secret is shown once; only its hash is kept.
 */
import { z } from 'zod';
import { idSchema, requiredText } from './common.js';
import { historyPersonSchema } from './lead-history.js';

export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: 'Solo lectura',
  write: 'Lectura y escritura',
};

/** `crm_` and 32 random bytes in base64url: what a token looks like, so a leaked one is recognisable. */
export const API_TOKEN_PREFIX = 'crm_';
export const API_TOKEN_LIMITS = { name: 80, perUser: 20, maxDays: 366 } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

export const API_TOKEN_MESSAGES = {
  readOnly: 'Este token de API es de solo lectura: no puede hacer cambios',
  tokensNeedSession: 'Los tokens de API se gestionan con la sesión iniciada, no con otro token',
  limitReached: `Has llegado al máximo de ${API_TOKEN_LIMITS.perUser} tokens activos: revoca alguno primero`,
  notFound: 'Token no encontrado',
  expiresInPast: 'La fecha de caducidad debe ser futura',
  expiresTooFar: `La caducidad no puede superar ${API_TOKEN_LIMITS.maxDays} días`,
  invalidDate: 'Fecha inválida',
  rateLimited: (seconds: number) => `Demasiadas solicitudes con este token de API. Vuelve a intentarlo en ${seconds} s.`,
} as const;

export const apiTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  owner: historyPersonSchema,
  createdAt: z.date(),
  /** Null: it never expires. */
  expiresAt: z.date().nullable(),
  lastUsedAt: z.date().nullable(),
  lastUsedIp: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to a creation: the only time the secret is ever shown. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

/** A future instant within the maximum lifetime (the form and the server refuse the rest alike). */
const expiresAtSchema = z.coerce
  .date({ message: API_TOKEN_MESSAGES.invalidDate })
  .refine((date) => !Number.isNaN(date.getTime()), { message: API_TOKEN_MESSAGES.invalidDate, abort: true })
  .refine((date) => date.getTime() > Date.now(), { message: API_TOKEN_MESSAGES.expiresInPast, abort: true })
  .refine((date) => date.getTime() <= Date.now() + API_TOKEN_LIMITS.maxDays * DAY_MS, { message: API_TOKEN_MESSAGES.expiresTooFar });

export const createApiTokenSchema = z.object({
  name: requiredText('El nombre del token es requerido', API_TOKEN_LIMITS.name),
  scope: z.enum(API_TOKEN_SCOPES, { message: 'Alcance inválido: read o write' }),
  /** Absent or null: it never expires. */
  expiresAt: expiresAtSchema.nullish().transform((value) => value ?? null),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>;
export type CreateApiToken = z.output<typeof createApiTokenSchema>;

export const apiTokenIdSchema = z.object({ id: idSchema });
