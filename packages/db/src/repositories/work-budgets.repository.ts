/**
 * Spending from a user's budget of expensive work: a token bucket that holds at most `burst` and
 * refills `perSecond`, one row per user. One statement takes the cost when the bucket holds it (the
 * upsert locks the row, so concurrent calls on every replica count exactly); a refused call learns
 * how long until the bucket holds it.
 */
import { sql } from 'kysely';
import type { DbOrTrx } from '../types.js';

export interface WorkBudget {
  burst: number;
  perSecond: number;
}

export type WorkSpend = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export async function spendWorkBudget(db: DbOrTrx, userId: number, cost: number, budget: WorkBudget): Promise<WorkSpend> {
  const { burst, perSecond } = budget;
  const refilled = sql`least(${burst}::float8, b.tokens + extract(epoch from clock_timestamp() - b.updated_at) * ${perSecond}::float8)`;
  const spent = await sql<{ tokens: number }>`
    insert into user_work_budgets as b (user_id, tokens, updated_at)
    values (${userId}, ${burst}::float8 - ${cost}::float8, clock_timestamp())
    on conflict (user_id) do update
      set tokens = ${refilled} - ${cost}::float8, updated_at = clock_timestamp()
      where ${refilled} >= ${cost}::float8
    returning tokens`.execute(db);
  if (spent.rows.length > 0) return { allowed: true };
  const left = await sql<{ tokens: number }>`select ${refilled} as tokens from user_work_budgets b where user_id = ${userId}`.execute(db);
  const tokens = left.rows[0]?.tokens ?? 0;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((cost - tokens) / perSecond)) };
}

/** A slot held for one running call: give it back with `releaseWorkSlot`. */
export interface WorkSlot {
  slot: number;
  token: string;
}

/**
 * Takes one of the user's `slots` for a call about to run, leased for `leaseSeconds` (longer than
 * any such call, so an expired lease means its replica died), or answers null when every slot is
 * held. Concurrent takers race on the primary key: at most one gets each slot.
 */
export async function takeWorkSlot(db: DbOrTrx, userId: number, slots: number, leaseSeconds: number): Promise<WorkSlot | null> {
  const taken = await sql<WorkSlot>`
    with free as (
      select s.slot from generate_series(0, ${slots - 1}::int) as s (slot)
      where not exists (
        select from user_work_slots w where w.user_id = ${userId} and w.slot = s.slot and w.held_until > clock_timestamp())
      order by s.slot limit 1)
    insert into user_work_slots as w (user_id, slot, token, held_until)
    select ${userId}, free.slot, gen_random_uuid(), clock_timestamp() + make_interval(secs => ${leaseSeconds}::float8) from free
    on conflict (user_id, slot) do update set token = excluded.token, held_until = excluded.held_until
      where w.held_until <= clock_timestamp()
    returning w.slot, w.token::text as token`.execute(db);
  return taken.rows[0] ?? null;
}

/** Gives a slot back; a lease that expired and went to another call is not this call's to free. */
export async function releaseWorkSlot(db: DbOrTrx, userId: number, held: WorkSlot): Promise<void> {
  await db
    .deleteFrom('user_work_slots')
    .where('user_id', '=', userId)
    .where('slot', '=', held.slot)
    .where('token', '=', held.token)
    .execute();
}
