/**
 * What a declared call costs its caller and leaves behind, the same on every transport:
 * - `cost`: expensive work (searches, the board, exports, Ctrl+K, the stream), priced by the work
 *   its input asks for (WORK_COST), is paid from the caller's budget, one bucket per user in the
 *   database shared by all their sessions, tRPC batch calls and replicas; then it waits for one of
 *   the caller's few slots (held in the database too); a read runs on the small pool of heavy
 *   reads, so one user's searches never take the connections or the CPU everyone else needs. A call the
 *   bucket cannot pay, or that finds no slot in time, is a Spanish 429 with the seconds to wait,
 *   before it reaches the expensive part (docs/audit.md, 'Fair share');
 * - `audit`: the call is recorded in the audit log once it succeeds ('attempts': failures too, as
 *   `<name>.failed`), with the caller, the token, the address, the target and the scrubbed input.
 */
import { Readable, finished } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { releaseWorkSlot, spendWorkBudget, takeWorkSlot } from '@crm/db';
import { DomainError, type User, auditDetailsOf } from '@crm/domain';
import { recordAudit } from '../audit-trail.js';
import { refuseLate } from '../http/late-refusal.js';
import type { AppContext, Viewer } from '../context.js';

export type AuditPolicy = true | 'attempts';

type PolicedContext = AppContext & { viewer?: Viewer };

interface PolicedCall {
  ctx: PolicedContext;
  input: unknown;
  client: { ip: string };
}

/** Units of the budget a call takes: fixed, or from its input (a search costs more than a page). */
export type WorkCost<Input> = number | ((input: Input) => number);

interface Policy<Input> {
  name: string;
  summary: string;
  cost?: WorkCost<Input>;
  audit?: AuditPolicy;
  /** Its bindings say whether it only reads: only reads go to the pool of heavy reads. */
  trpc?: 'query' | 'mutation';
  rest?: { method: string };
}

/**
 * What expensive calls cost, by the work they ask of the database (docs/audit.md, 'Fair share'). A
 * page of a list walks an index, as cheap as opening one lead: free. A text or custom-field search
 * matches against every lead; the board runs its filter six times (each column's page, then every
 * column's count and value in one pass); Ctrl+K reads five of each kind through the trigram indexes;
 * an export reads every lead.
 */
export const WORK_COST = {
  count: 1,
  search: 4,
  searchCount: 4,
  board: 3,
  boardCounts: 2,
  boardSearch: 12,
  boardCountsSearch: 4,
  quickSearch: 2,
  export: 10,
} as const;

/**
 * Whether a lead read matches text against every lead (`q`, a custom field's 'contains') rather than
 * walking an index. A custom field's sort is a range of its (value, id) index, and its =, ranges and
 * any-of filter the walk as the built-in filters do: those cost what the built-in ones cost.
 */
export function searchesLeads(input: { q?: string | undefined; cf?: Record<string, object> | undefined }): boolean {
  return Boolean(input.q) || Object.values(input.cf ?? {}).some((filter) => 'contains' in filter);
}

/** Connections of each replica's pool of heavy reads: every user's expensive calls share them, the main pool stays free. */
export const HEAVY_READ_CONNECTIONS = 2;
/** Longer than any expensive call: an older lease means its replica died mid-call. */
const SLOT_LEASE_SECONDS = 120;
/**
 * How long a call waits for one of its user's slots before the 429, and how often it looks: soon at
 * first, then less and less often, so a flood of waiting calls does not become a flood of queries.
 */
const SLOT_WAIT_MS = 5_000;
const SLOT_FIRST_POLL_MS = 100;
const SLOT_LONGEST_POLL_MS = 1_000;

const WORK_BUDGET_MESSAGE = (seconds: number) => `Has hecho demasiadas búsquedas seguidas. Vuelve a intentarlo en ${seconds} s.`;
const WORK_SLOTS_MESSAGE = 'Ya tienes otras búsquedas en marcha. Espera a que terminen y vuelve a intentarlo en 1 s.';

/** Pays `cost` from the caller's budget, or refuses with the 429. */
async function payWork(ctx: PolicedContext, userId: number, cost: number): Promise<void> {
  const budget = { burst: ctx.env.WORK_BUDGET_BURST, perSecond: ctx.env.WORK_BUDGET_PER_SECOND };
  const spend = await spendWorkBudget(ctx.db, userId, cost, budget);
  // Answered late: a flood of refused searches would otherwise ask the database as fast as it is refused.
  if (!spend.allowed) await refuseLate(WORK_BUDGET_MESSAGE(spend.retryAfterSeconds), spend.retryAfterSeconds);
}

/** Waits (without holding a connection) for one of the user's slots; the 429 when none frees in time. */
async function holdWorkSlot(ctx: PolicedContext, userId: number): Promise<() => Promise<void>> {
  const giveUpAt = Date.now() + SLOT_WAIT_MS;
  for (let pause = SLOT_FIRST_POLL_MS; ; pause = Math.min(pause * 2, SLOT_LONGEST_POLL_MS)) {
    const held = await takeWorkSlot(ctx.db, userId, ctx.env.WORK_SLOTS_PER_USER, SLOT_LEASE_SECONDS);
    if (held) return () => releaseWorkSlot(ctx.db, userId, held);
    const left = giveUpAt - Date.now();
    if (left <= 0) throw new DomainError('TOO_MANY_REQUESTS', WORK_SLOTS_MESSAGE, undefined, { retryAfterSeconds: 1 });
    await sleep(Math.min(pause, left));
  }
}

/** The stream a call answers with, if any (the whole-list stream, a download's body): it is read after the call returns. */
function answerStream(result: unknown): Readable | undefined {
  if (result instanceof Readable) return result;
  if (result && typeof result === 'object' && 'body' in result && result.body instanceof Readable) return result.body;
  return undefined;
}

/**
 * Runs expensive work for the caller: pays `cost`, holds one of the user's slots while `work` runs,
 * and, for a read, gives `work` a context whose database is the pool of heavy reads. A write (a bulk
 * action, an import) keeps the main pool: its transactions must never wait for a second connection
 * of a pool that small. Also for an escape hatch that answers by itself (the whole-list stream).
 * An answer that streams keeps the slot until the stream ends, is cut or fails (or its lease runs
 * out): its pages are read after `work` returns, and eight streams of one user at once must not
 * run as eight. Anonymous calls (a public door) are not priced.
 */
export async function runExpensive<Ctx extends PolicedContext, T>(
  ctx: Ctx,
  cost: number,
  work: (heavy: Ctx) => Promise<T>,
  readsOnly = true,
): Promise<T> {
  const userId = ctx.viewer?.user.id;
  if (userId === undefined || cost <= 0) return work(ctx);
  await payWork(ctx, userId, cost);
  const held = await holdWorkSlot(ctx, userId);
  const release = () => held().catch((error: unknown) => ctx.log.warn({ err: error }, 'No se pudo liberar un turno de trabajo caro'));
  let result: T;
  try {
    result = await work(readsOnly ? { ...ctx, db: ctx.heavyDb } : ctx);
  } catch (error) {
    await release();
    throw error;
  }
  const stream = answerStream(result);
  if (stream) finished(stream, () => void release());
  else await release();
  return result;
}

const idOf = (value: unknown): string | number | undefined => {
  if (!value || typeof value !== 'object' || !('id' in value)) return undefined;
  const { id } = value;
  return typeof id === 'number' || typeof id === 'string' ? id : undefined;
};

/** A sign-in's answer is the user who signed in: the actor of its entry. */
const isUser = (value: unknown): value is User =>
  Boolean(value && typeof value === 'object' && 'username' in value && 'systemRole' in value && idOf(value) !== undefined);

async function record(call: PolicedCall, policy: Policy<never>, outcome: { result: unknown } | { error: unknown }): Promise<void> {
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
export function withCallPolicy<C extends PolicedCall, R>(
  policy: Policy<C['input']>,
  handler: (call: C) => Promise<R>,
): (call: C) => Promise<R> {
  const { cost } = policy;
  if (!cost && !policy.audit) return handler;
  const readsOnly = policy.trpc !== 'mutation' && (policy.rest?.method ?? 'GET') === 'GET';
  const priced = (call: C): Promise<R> => {
    const units = typeof cost === 'function' ? cost(call.input) : (cost ?? 0);
    return runExpensive(call.ctx, units, (ctx) => handler({ ...call, ctx }), readsOnly);
  };
  if (!policy.audit) return priced;
  const { audit } = policy;
  return async (call) => {
    let result: R;
    try {
      result = await priced(call);
    } catch (error) {
      if (audit === 'attempts') await record(call, policy, { error });
      throw error;
    }
    await record(call, policy, { result });
    return result;
  };
}
