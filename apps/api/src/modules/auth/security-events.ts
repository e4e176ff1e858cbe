/**
 * Security-relevant changes to accounts (second factor, password reset links, 2FA requirements):
 * one structured line in the server log and one entry in the audit log each (docs/audit.md).
 */
import { recordAudit } from '../../audit-trail.js';
import type { AppContext } from '../../context.js';

type SecurityEventAction =
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'two_factor_reset'
  | 'recovery_codes_regenerated'
  | 'two_factor_requirement_changed'
  | 'password_reset_link_created'
  | 'password_reset_by_link';

export interface SecurityEvent {
  action: SecurityEventAction;
  /** Who did it (absent for a reset link, which carries no session). */
  actorId?: number;
  /** Whose account it changed. */
  targetUserId?: number;
  ip?: string;
  details?: Record<string, unknown>;
}

export async function recordSecurityEvent(ctx: AppContext, event: SecurityEvent): Promise<void> {
  ctx.log.info({ securityEvent: event }, `security: ${event.action}`);
  await recordAudit(
    ctx,
    { viewer: undefined, ip: event.ip ?? null },
    {
      action: `security.${event.action}`,
      target: event.targetUserId === undefined ? null : { type: 'users', id: event.targetUserId },
      details: event.details,
      actor: event.actorId === undefined ? null : { id: event.actorId },
    },
  );
}
