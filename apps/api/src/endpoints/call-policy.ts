/**
 * What a declared call costs its caller and leaves behind, the same on every transport:
 * - `cost`: expensive work (searches, the board, exports, Ctrl+K, the stream) is paid from the
 *   caller's budget, one bucket per user in the database shared by all their sessions, tRPC batch
 *   calls and replicas; a call the bucket cannot pay is a Spanish 429 with the seconds to wait,
 *   before it reaches the database (docs/audit.md, 'Fair share');
 * - `audit`: the call is recorded in the audit log once it succeeds ('attempts': failures too, as
 *   `<name>.failed`), with the caller, the token, the address, the target and the scrubbed input.
 */
import { spendWorkBudget } from '@crm/db';
import { DomainError, type User, auditDetailsOf } from '@crm/domain';
import { recordAudit } from '../audit-trail.js';
import type { AppContext, Viewer } from '../context.js';

export type AuditPolicy = true | 'attempts';

interface PolicedCall {
  ctx: AppContext & { viewer?: Viewer };
  input: unknown;
  client: { ip: string };
}

interface Policy {
  name: string;
  summary: string;
  cost?: number;
  audit?: AuditPolicy;
}

const WORK_BUDGET_MESSAGE = (seconds: number) => `Has hecho demasiadas búsquedas seguidas. Vuelve a intentarlo en ${seconds} s.`;

/** Pays `cost` from the caller's budget, or refuses with the 429; also for an escape hatch that answers by itself. */
export async function payWork(ctx: PolicedCall['ctx'], cost: number): Promise<void> {
  if (!ctx.viewer) return;
  const budget = { burst: ctx.env.WORK_BUDGET_BURST, perSecond: ctx.env.WORK_BUDGET_PER_SECOND };
  const spend = await spendWorkBudget(ctx.db, ctx.viewer.user.id, cost, budget);
  if (!spend.allowed) {
    throw new DomainError('TOO_MANY_REQUESTS', WORK_BUDGET_MESSAGE(spend.retryAfterSeconds), undefined, {
      retryAfterSeconds: spend.retryAfterSeconds,
    });
  }
}

const idOf = (value: unknown): string | number | undefined => {
  if (!value || typeof value !== 'object' || !('id' in value)) return undefined;
  const { id } = value;
  return typeof id === 'number' || typeof id === 'string' ? id : undefined;
};

/** A sign-in's answer is the user who signed in: the actor of its entry. */
const isUser = (value: unknown): value is User =>
  Boolean(value && typeof value === 'object' && 'username' in value && 'systemRole' in value && idOf(value) !== undefined);

async function record(call: PolicedCall, policy: Policy, outcome: { result: unknown } | { error: unknown }): Promise<void> {
  const failed = 'error' in outcome;
  const targetId = idOf(call.input) ?? (failed ? undefined : idOf(outcome.result));
  const details = auditDetailsOf(call.input ?? {});
  if (failed) details['motivo'] = outcome.error instanceof Error ? outcome.error.message : 'Error';
  await recordAudit(
    call.ctx,
    { viewer: call.ctx.viewer, ip: call.client.ip },
    {
      action: failed ? `${policy.name}.failed` : policy.name,
      summary: failed ? `${policy.summary} (fallido)` : policy.summary,
      target: targetId === undefined ? null : { type: policy.name.slice(0, policy.name.indexOf('.')), id: targetId },
      details,
      actor: call.ctx.viewer ? undefined : !failed && isUser(outcome.result) ? outcome.result : null,
    },
  );
}

/** Wraps a declaration's handler with its cost and its audit entry. */
export function withCallPolicy<C extends PolicedCall, R>(policy: Policy, handler: (call: C) => Promise<R>): (call: C) => Promise<R> {
  if (!policy.cost && !policy.audit) return handler;
  return async (call) => {
    if (policy.cost) await payWork(call.ctx, policy.cost);
    if (!policy.audit) return handler(call);
    let result: R;
    try {
      result = await handler(call);
    } catch (error) {
      if (policy.audit === 'attempts') await record(call, policy, { error });
      throw error;
    }
    await record(call, policy, { result });
    return result;
  };
}
