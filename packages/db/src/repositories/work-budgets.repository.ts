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
