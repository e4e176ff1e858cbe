/**
 * A 429 answered late: after its Retry-After, up to a second. A client that floods without waiting
 * sends no faster than its refusals come back (each session has few calls under way at once,
 * http/session-concurrency.ts), so its flood waits on its own allowance instead of taking the
 * server's time, and its database's, from everyone else. Used by the chat's sends and by the
 * budget of expensive work (endpoints/call-policy.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from '@crm/domain';

/** The longest a refusal is held. */
const REFUSAL_HOLD_MS = 1_000;
/** Refusals this process holds at once; past this many they are answered at once (memory stays bounded). */
const MAX_HELD_REFUSALS = 1_000;
let heldRefusals = 0;

/** Throws the 429 with the Spanish reason and Retry-After once that time has passed (REFUSAL_HOLD_MS at most). */
export async function refuseLate(reason: string, retryAfterSeconds: number): Promise<never> {
  if (heldRefusals < MAX_HELD_REFUSALS) {
    heldRefusals += 1;
    await sleep(Math.min(REFUSAL_HOLD_MS, retryAfterSeconds * 1000));
    heldRefusals -= 1;
  }
  throw new DomainError('TOO_MANY_REQUESTS', reason, undefined, { retryAfterSeconds });
}
