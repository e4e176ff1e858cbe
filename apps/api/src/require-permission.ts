/**
 * The one place the API decides who may do what: every service calls this with an action of
 * the domain's permission table (packages/domain/src/permissions.ts) before it reads or writes.
 * Transports only authenticate; they do not repeat the rule.
 */
import { type Action, DomainError, FORBIDDEN_MESSAGE, type TargetUser, can } from '@crm/domain';
import type { ServiceContext } from './context.js';

export function requirePermission(ctx: ServiceContext, action: Action, target?: TargetUser, message = FORBIDDEN_MESSAGE): void {
  if (!can(ctx.viewer.user, action, target)) throw new DomainError('FORBIDDEN', message);
}
