/**
 * Security-relevant changes to accounts (second factor, password reset links, 2FA requirements),
 * written to the server log as one structured line each. The audit log hooks in here: this is
 * the one call every such change makes.
 */
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

export function recordSecurityEvent(ctx: AppContext, event: SecurityEvent): void {
  ctx.log.info({ securityEvent: event }, `security: ${event.action}`);
}
