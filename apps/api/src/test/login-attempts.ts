/** Test support: moves recorded sign-in attempts back in time, past the throttle window. */
import type { Db } from '@crm/db';
import { sql } from 'kysely';
import { THROTTLE_WINDOW_MS } from '../modules/auth/login-throttle.js';

export async function ageLoginAttempts(db: Db, where: { accountKey: string } | { ip: string }): Promise<void> {
  const seconds = Math.ceil(THROTTLE_WINDOW_MS / 1000) + 60;
  const condition = 'ip' in where ? sql`ip = ${where.ip}` : sql`account_key = ${where.accountKey}`;
  await sql`update login_attempts set attempted_at = array(select a - make_interval(secs => ${seconds}) from unnest(attempted_at) a) where ${condition}`.execute(
    db,
  );
}
