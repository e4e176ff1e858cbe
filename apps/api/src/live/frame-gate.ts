/**
 * The first gate of every chat send that arrives over a socket (a /ws frame, a tRPC call
 * over the WebSocket): refused here in memory, a flood costs the database nothing. The
 * database's per-sender count stays the rule across sockets and replicas; this gate only
 * applies the same rate to one socket before any query runs.
 */
import { CHAT_LIMITS, CHAT_MESSAGES } from '@crm/domain';

/** Sends accepted but not yet finished on one socket; more wait for none of them and are refused. */
const MAX_PENDING_SENDS = CHAT_LIMITS.rate.messages;
export const PENDING_FULL_MESSAGE = 'Hay demasiados mensajes pendientes de envío. Espera un momento.';

/** A token bucket of the chat rate (a full window's worth, refilled evenly over the window) and a bound on pending sends. */
export class FrameGate {
  private tokens: number = CHAT_LIMITS.rate.messages;
  private refilledAt = Date.now();
  private pending = 0;

  /** Undefined when the send may go on (then call `done` when it has finished), else the Spanish reason it may not. */
  admit(): string | undefined {
    this.refill();
    if (this.tokens < 1) return CHAT_MESSAGES.rateLimited;
    if (this.pending >= MAX_PENDING_SENDS) return PENDING_FULL_MESSAGE;
    this.tokens -= 1;
    this.pending += 1;
    return undefined;
  }

  done(): void {
    this.pending = Math.max(0, this.pending - 1);
  }

  private refill(): void {
    const now = Date.now();
    const perMs = CHAT_LIMITS.rate.messages / CHAT_LIMITS.rate.windowMs;
    this.tokens = Math.min(CHAT_LIMITS.rate.messages, this.tokens + (now - this.refilledAt) * perMs);
    this.refilledAt = now;
  }
}
