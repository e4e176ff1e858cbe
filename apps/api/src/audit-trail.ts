/**
 * The one writer of audit-log rows (docs/audit.md): declared endpoints through
 * endpoints/call-policy.ts, security events (modules/auth/security-events.ts), and anything a job
 * does that no endpoint declares. Who acted is named as the screens name people, so an entry
 * keeps its author's name after that person is deactivated or renamed.
 */
import { insertAuditEntry } from '@crm/db';
import { type User, auditDetailsOf } from '@crm/domain';
import type { AppContext, Viewer } from './context.js';

export interface AuditSource {
  viewer: Pick<Viewer, 'user' | 'apiToken'> | undefined;
  ip: string | null;
}

export interface AuditRecord {
  action: string;
  summary?: string | null;
  target?: { type: string; id: string | number } | null;
  /** Scrubbed before it is stored (passwords, tokens, secrets: auditDetailsOf). */
  details?: unknown;
  /** Who acted when there is no session (a sign-in names its account; a reset link, only the id). */
  actor?: (Pick<User, 'id' | 'firstName' | 'lastName'> & { username?: string }) | { id: number } | null;
}

function actorName(actor: NonNullable<AuditRecord['actor']>): string | null {
  if (!('firstName' in actor)) return null;
  return `${actor.firstName ?? ''} ${actor.lastName ?? ''}`.trim() || actor.username || null;
}

export async function recordAudit(ctx: Pick<AppContext, 'db'>, source: AuditSource, record: AuditRecord): Promise<void> {
  const actor = record.actor ?? source.viewer?.user ?? null;
  await insertAuditEntry(ctx.db, {
    actorId: actor?.id ?? null,
    actorName: actor ? actorName(actor) : null,
    apiTokenId: source.viewer?.apiToken?.id ?? null,
    ip: source.ip,
    action: record.action,
    summary: record.summary ?? null,
    targetType: record.target?.type ?? null,
    targetId: record.target ? String(record.target.id) : null,
    details: auditDetailsOf(record.details ?? {}),
  });
}
