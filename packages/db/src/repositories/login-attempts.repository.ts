/** Failed sign-in attempts, counted in the database so every replica throttles alike. */
import type { DbOrTrx } from '../types.js';

export async function recordFailedLogin(db: DbOrTrx, usernameKey: string, ip: string): Promise<void> {
  await db.insertInto('login_attempts').values({ username_key: usernameKey, ip }).execute();
}

export async function countFailedLogins(db: DbOrTrx, since: Date, by: { usernameKey: string } | { ip: string }): Promise<number> {
  let query = db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('created_at', '>=', since);
  query = 'ip' in by ? query.where('ip', '=', by.ip) : query.where('username_key', '=', by.usernameKey);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A successful sign-in clears that account's failures. */
export async function clearFailedLogins(db: DbOrTrx, usernameKey: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('username_key', '=', usernameKey).execute();
}

export async function pruneLoginAttempts(db: DbOrTrx, before: Date): Promise<void> {
  await db.deleteFrom('login_attempts').where('created_at', '<', before).execute();
}
