/**
 * The audit log (docs/audit.md): who did what, when, from where. Entries are written by the server
 * only; admins read them by pages, filtered, and download them as CSV.
 */
import { z } from 'zod';
import { idSchema, isoDateSchema, text } from './common.js';

export const AUDIT_LIMITS = { pageSize: 50, maxPageSize: 200, action: 80, defaultRetentionDays: 365 } as const;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.date(),
  actor: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
  apiTokenId: z.number().int().nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  /** The action in Spanish. */
  summary: z.string().nullable(),
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Filters of the log: days in the team's calendar (from inclusive, to inclusive), who, which action (or 'prefix.'). */
export const auditQuerySchema = z.object({
  from: isoDateSchema('Fecha inválida').optional(),
  to: isoDateSchema('Fecha inválida').optional(),
  actorId: idSchema.optional(),
  action: text().trim().max(AUDIT_LIMITS.action, { message: 'Acción demasiado larga' }).optional(),
  before: idSchema.optional(),
  limit: z.coerce
    .number({ message: 'Límite inválido' })
    .int({ message: 'Límite inválido' })
    .min(1, { message: 'Límite inválido' })
    .max(AUDIT_LIMITS.maxPageSize, { message: `Máximo ${AUDIT_LIMITS.maxPageSize} por página` })
    .default(AUDIT_LIMITS.pageSize),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), nextBefore: z.number().int().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;
