/**
 * Wrong-password throttling, per account and per IP, counted in the database so that
 * replicas share it. A sliding window: the real user is never locked out for good.
 */
import { countFailedLogins, pruneLoginAttempts, recordFailedLogin } from '@crm/db';
import { DomainError, LOGIN_MESSAGES } from '@crm/domain';
import type { AppContext } from '../../context.js';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 30;

export function usernameKey(login: string): string {
  return login.trim().toLowerCase();
}

export async function assertNotThrottled(ctx: AppContext, login: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - THROTTLE_WINDOW_MS);
  const [byAccount, byIp] = await Promise.all([
    countFailedLogins(ctx.db, since, { usernameKey: usernameKey(login) }),
    countFailedLogins(ctx.db, since, { ip }),
  ]);
  if (byAccount >= MAX_FAILURES_PER_ACCOUNT || byIp >= MAX_FAILURES_PER_IP) {
    throw new DomainError('TOO_MANY_REQUESTS', LOGIN_MESSAGES.throttled);
  }
}

export async function noteFailedLogin(ctx: AppContext, login: string, ip: string): Promise<void> {
  await recordFailedLogin(ctx.db, usernameKey(login), ip);
  // Old rows are useless once outside every window; prune a little on each failure.
  await pruneLoginAttempts(ctx.db, new Date(Date.now() - 2 * THROTTLE_WINDOW_MS));
}
