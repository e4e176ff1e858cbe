/**
 * Password-guessing limits, counted in the database so replicas share them (the policy is in
 * the README, "Inicio de sesión y bloqueo"):
 * - per (account, address): at most 5 passwords checked in 15 minutes; then 429, even for the
 *   right one. The attempt is reserved before the check, so concurrency cannot exceed it.
 * - per account from every address: a growing delay, never a refusal, so nobody elsewhere can
 *   lock the owner out.
 * - per address over every account: a gentler growing delay, so one office behind a NAT is
 *   never locked out by one of its machines.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  clearLoginAttempts,
  countRecentLoginAttempts,
  type LoginAttemptKey,
  pruneLoginAttempts,
  releaseLoginAttempt,
  reserveLoginAttempt,
} from '@crm/db';
import { DomainError, LOGIN_MESSAGES } from '@crm/domain';
import type { AppContext } from '../../context.js';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS = 5;
/** Attempts on one account (from anywhere) before each further one waits. */
export const ACCOUNT_ATTEMPTS_BEFORE_DELAY = 5;
/** Attempts from one address (on any account) before each further one waits. */
export const ADDRESS_ATTEMPTS_BEFORE_DELAY = 30;
/** The address delay doubles every this many attempts; the account's doubles at each one. */
const ADDRESS_ATTEMPTS_PER_DOUBLING = 10;
const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 10_000;

const WINDOW_SECONDS = THROTTLE_WINDOW_MS / 1000;

/** One account, however it was typed: its user id when the login names a user, else the normalised text. */
export function accountKey(userId: number | undefined, login?: string): string {
  return userId !== undefined ? `user:${userId}` : `login:${(login ?? '').trim().toLowerCase()}`;
}

/** How long an attempt waits, given the attempts made before it inside the window. */
export function loginDelayMs(before: { byAccount: number; byAddress: number }): number {
  const doublings = Math.max(
    before.byAccount - ACCOUNT_ATTEMPTS_BEFORE_DELAY,
    Math.floor((before.byAddress - ADDRESS_ATTEMPTS_BEFORE_DELAY) / ADDRESS_ATTEMPTS_PER_DOUBLING),
  );
  if (doublings < 0) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** doublings, MAX_DELAY_MS);
}

/**
 * Runs `check` (a password or second-factor code verification) under the limits above and returns
 * its answer. The attempt counts unless it was right. A right answer that completes the sign-in
 * clears this account's attempts from this address; `rightIsHalfway` (a right password that still
 * needs its code) only gives its own attempt back, so the wrong codes before it keep counting and
 * retyping the password never buys more guesses at the code.
 */
export async function throttledPasswordCheck(
  ctx: AppContext,
  key: LoginAttemptKey,
  check: () => Promise<boolean>,
  options: { rightIsHalfway?: boolean } = {},
): Promise<boolean> {
  if (!(await reserveLoginAttempt(ctx.db, key, MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS, WINDOW_SECONDS))) {
    throw new DomainError('TOO_MANY_REQUESTS', LOGIN_MESSAGES.throttled);
  }
  const counted = await countRecentLoginAttempts(ctx.db, key, WINDOW_SECONDS);
  // The wait holds no database connection: only this request is slowed.
  const delay = loginDelayMs({ byAccount: counted.byAccount - 1, byAddress: counted.byAddress - 1 });
  if (delay > 0) await sleep(delay);
  const right = await check();
  if (right && options.rightIsHalfway) await releaseLoginAttempt(ctx.db, key);
  else if (right) await clearLoginAttempts(ctx.db, key);
  else await pruneLoginAttempts(ctx.db, WINDOW_SECONDS);
  return right;
}
