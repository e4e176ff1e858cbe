/**
 * Sign-in attempts, counted in the database so every replica throttles alike. One row per
 * (account, address) holds the times of its attempts inside the window; old times are dropped
 * whenever the row is written.
 */
import { sql } from 'kysely';
import type { DbOrTrx } from '../types.js';

export interface LoginAttemptKey {
  accountKey: string;
  ip: string;
}

const since = (windowSeconds: number) => sql`now() - make_interval(secs => ${windowSeconds})`;

/**
 * Reserves one attempt for the pair unless it already has `limit` inside the window. One
 * statement: the upsert locks the pair's row, so concurrent requests queue on it and at most
 * `limit` of them ever get true, whatever the parallelism.
 */
export async function reserveLoginAttempt(db: DbOrTrx, key: LoginAttemptKey, limit: number, windowSeconds: number): Promise<boolean> {
  const result = await sql<{ reserved: number }>`
    insert into login_attempts as t (account_key, ip, attempted_at)
    values (${key.accountKey}, ${key.ip}, array[now()])
    on conflict (account_key, ip) do update
      set attempted_at = array(select a from unnest(t.attempted_at) a where a > ${since(windowSeconds)} order by a) || now()
      where (select count(*) from unnest(t.attempted_at) a where a > ${since(windowSeconds)}) < ${limit}
    returning 1 as reserved`.execute(db);
  return result.rows.length === 1;
}

/** Attempts inside the window on the account (from every address) and from the address (on every account). */
export async function countRecentLoginAttempts(
  db: DbOrTrx,
  key: LoginAttemptKey,
  windowSeconds: number,
): Promise<{ byAccount: number; byAddress: number }> {
  const result = await sql<{ by_account: number | string; by_address: number | string }>`
    select
      (select count(*) from login_attempts t, unnest(t.attempted_at) a
        where t.account_key = ${key.accountKey} and a > ${since(windowSeconds)}) as by_account,
      (select count(*) from login_attempts t, unnest(t.attempted_at) a
        where t.ip = ${key.ip} and a > ${since(windowSeconds)}) as by_address`.execute(db);
  const row = result.rows[0];
  return { byAccount: Number(row?.by_account ?? 0), byAddress: Number(row?.by_address ?? 0) };
}

/** A right password clears the pair's attempts (the ones of other addresses stay). */
export async function clearLoginAttempts(db: DbOrTrx, key: LoginAttemptKey): Promise<void> {
  await db.deleteFrom('login_attempts').where('account_key', '=', key.accountKey).where('ip', '=', key.ip).execute();
}

/** Gives back the pair's newest attempt: a right password that still needs its code counts neither way. */
export async function releaseLoginAttempt(db: DbOrTrx, key: LoginAttemptKey): Promise<void> {
  await sql`
    update login_attempts set attempted_at = attempted_at[1:cardinality(attempted_at) - 1]
    where account_key = ${key.accountKey} and ip = ${key.ip}`.execute(db);
}

/** Drops the pairs whose every attempt has left the window. */
export async function pruneLoginAttempts(db: DbOrTrx, windowSeconds: number): Promise<void> {
  await sql`delete from login_attempts where attempted_at[cardinality(attempted_at)] <= ${since(windowSeconds)}`.execute(db);
}
