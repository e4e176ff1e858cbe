/**
 * The first gate of every chat send: one per socket (a /ws frame, a tRPC call over the
 * WebSocket) and one per session for sends over HTTP (tRPC or REST). Refused here in memory, a
 * flood costs the database nothing. The database's per-sender count stays the rule across
 * sockets and replicas; this gate only applies the same rate before any query runs.
 */
import { CHAT_LIMITS, CHAT_MESSAGES } from '@crm/domain';
import { refuseLate } from '../http/late-refusal.js';

export const PENDING_FULL_MESSAGE = 'Hay demasiados mensajes pendientes de envío. Espera un momento.';

/** A token bucket of the chat rate (a full window's worth, refilled evenly over the window) and a bound on pending sends. */
export class FrameGate {
  private tokens: number;
  private refilledAt = Date.now();
  private pending = 0;

  /** `perWindow`: the server's chat rate (CHAT_RATE_PER_10S); as many sends may also be pending at once. */
  constructor(private readonly perWindow: number = CHAT_LIMITS.rate.messages) {
    this.tokens = perWindow;
  }

  /** The Spanish reason a send would be refused with now, taking nothing; undefined when it would go on. */
  refusal(): string | undefined {
    this.refill();
    if (this.tokens < 1) return CHAT_MESSAGES.rateLimited;
    if (this.pending >= this.perWindow) return PENDING_FULL_MESSAGE;
    return undefined;
  }

  /** Undefined when the send may go on (then call `done` when it has finished), else the Spanish reason it may not. */
  admit(): string | undefined {
    const refusal = this.refusal();
    if (refusal) return refusal;
    this.tokens -= 1;
    this.pending += 1;
    return undefined;
  }

  done(): void {
    this.pending = Math.max(0, this.pending - 1);
  }

  /** Whole seconds until the bucket has a send again (1 at least). */
  retryAfterSeconds(): number {
    this.refill();
    const perMs = this.perWindow / CHAT_LIMITS.rate.windowMs;
    return Math.max(1, Math.ceil((1 - this.tokens) / perMs / 1000));
  }

  /** Refuses late (`refuseLate`) with the gate's own Retry-After. */
  refuse(reason: string): Promise<never> {
    return refuseLate(reason, this.retryAfterSeconds());
  }

  /** Runs `send` if admitted, else refuses (`refuse`). */
  async run<T>(send: () => Promise<T>): Promise<T> {
    const refusal = this.admit();
    if (refusal) return this.refuse(refusal);
    try {
      return await send();
    } finally {
      this.done();
    }
  }

  /** Nothing pending and the bucket full again: the gate remembers nothing worth keeping. */
  isIdle(): boolean {
    this.refill();
    return this.pending === 0 && this.tokens >= this.perWindow;
  }

  private refill(): void {
    const now = Date.now();
    const perMs = this.perWindow / CHAT_LIMITS.rate.windowMs;
    this.tokens = Math.min(this.perWindow, this.tokens + (now - this.refilledAt) * perMs);
    this.refilledAt = now;
  }
}

/** Past this many sessions' gates, the idle ones are dropped (a new gate is full, the same as an idle one). */
const MAX_KEPT_SESSION_GATES = 10_000;
const sessionGates = new Map<string, FrameGate>();

/** HTTP calls have no socket to hang a gate on: the session's own, kept in this process, at the server's chat rate. */
export function sessionFrameGate(sessionId: string, perWindow: number): FrameGate {
  let gate = sessionGates.get(sessionId);
  if (!gate) {
    if (sessionGates.size >= MAX_KEPT_SESSION_GATES) {
      for (const [id, kept] of sessionGates) if (kept.isIdle()) sessionGates.delete(id);
    }
    gate = new FrameGate(perWindow);
    sessionGates.set(sessionId, gate);
  }
  return gate;
}

/**
 * What a session's next HTTP chat send would meet at its gate, asked before the session is read
 * (the session id is the cookie's hash): a flood from one session is refused (`FrameGate.refuse`)
 * without a query. Only a gate that an earlier, signed-in send created can refuse, so an unknown or
 * forged cookie goes on to the session check as before, and nothing is ever admitted here.
 */
export async function refuseSessionFlood(sessionId: string): Promise<void> {
  const gate = sessionGates.get(sessionId);
  const refusal = gate?.refusal();
  if (gate && refusal) await gate.refuse(refusal);
}
