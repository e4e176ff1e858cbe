/**
 * The plain tRPC WebSockets open on this replica: capped per session and per user like the live
 * connections of /ws, and closed the moment their session ends (the `sessions-ended` event at once,
 * the periodic sweep for expiry or a lost event), as /ws sockets are.
 */
import { CHAT_LIMITS } from '@crm/domain';
import type { Db } from '@crm/db';
import type { WebSocket } from 'ws';
import type { BusLog, EventBus } from '../events/event-bus.js';
import { MAX_CONNECTIONS_PER_SESSION, SESSION_ENDED_REASON, TOO_MANY_CONNECTIONS_MESSAGE } from '../live/live-hub.js';
import { endConnections, startSessionSweep } from '../live/session-sweep.js';

/** A session holds as many tRPC sockets as live connections; a user, over all their sessions, three times that. */
export const TRPC_SOCKET_CAPS = { perSession: MAX_CONNECTIONS_PER_SESSION, perUser: 3 * MAX_CONNECTIONS_PER_SESSION } as const;
export const TOO_MANY_USER_SOCKETS_MESSAGE = 'Demasiadas conexiones en vivo abiertas con tu usuario. Cierra alguna pestaña o sesión.';
/** WebSocket 'policy violation': the refusal's reason is for the person, the client does not retry at once. */
export const POLICY_CLOSE_CODE = 1008;

/**
 * The live hub ends the socket's feed on the same event: closing a moment later lets that end reach
 * the client, which would otherwise take the closed socket for a dropped one and resubscribe forever.
 * Calls in the meantime are refused (trpc/init.ts reads the session on every call).
 */
const FEED_END_GRACE_MS = 250;

export function closeEndedSessionSocket(socket: WebSocket): void {
  setTimeout(() => socket.close(CHAT_LIMITS.normalCloseCode, SESSION_ENDED_REASON), FEED_END_GRACE_MS).unref();
}

interface TrpcSocket {
  userId: number;
  sessionId: string;
  end(): void;
}

export class TrpcSocketRegistry {
  private readonly byUser = new Map<number, Set<TrpcSocket>>();
  private readonly countBySession = new Map<string, number>();
  private readonly unsubscribe: () => void;
  private readonly sweep: { stop(): void };

  constructor(private readonly deps: { db: Db; bus: EventBus; log: BusLog }) {
    this.unsubscribe = deps.bus.subscribe((event) => {
      if (event.type !== 'sessions-ended') return;
      endConnections(deps.db, [...(this.byUser.get(event.userId) ?? [])], event.everyConnection).catch((error: unknown) =>
        deps.log.error({ err: error }, 'tRPC sockets of ended sessions not closed'),
      );
    });
    this.sweep = startSessionSweep({ ...deps, connections: () => [...this.byUser.values()].flatMap((set) => [...set]) });
  }

  /** Why the session may open no further tRPC socket (it holds every one it may), or null. */
  sessionRefusal(sessionId: string): string | null {
    return (this.countBySession.get(sessionId) ?? 0) >= TRPC_SOCKET_CAPS.perSession ? TOO_MANY_CONNECTIONS_MESSAGE : null;
  }

  /** Why the user may open no further tRPC socket (over all their sessions), or null. */
  userRefusal(userId: number): string | null {
    return (this.byUser.get(userId)?.size ?? 0) >= TRPC_SOCKET_CAPS.perUser ? TOO_MANY_USER_SOCKETS_MESSAGE : null;
  }

  /**
   * Registers a socket its session opened. The upgrade guard refused what was over a cap already
   * (ws/upgrade-guard.ts); upgrades of one session that passed it together are checked again here,
   * and counted without a pause, so a burst of opens cannot pass the cap: one over it is closed with
   * the reason, which is also answered.
   */
  admit(socket: WebSocket, viewer: { userId: number; sessionId: string }): string | null {
    const refusal = this.sessionRefusal(viewer.sessionId) ?? this.userRefusal(viewer.userId);
    if (refusal) {
      socket.close(POLICY_CLOSE_CODE, refusal);
      return refusal;
    }
    const entry: TrpcSocket = { ...viewer, end: () => closeEndedSessionSocket(socket) };
    const sockets = this.byUser.get(viewer.userId) ?? new Set();
    sockets.add(entry);
    this.byUser.set(viewer.userId, sockets);
    this.countBySession.set(viewer.sessionId, (this.countBySession.get(viewer.sessionId) ?? 0) + 1);
    socket.once('close', () => this.forget(entry));
    return null;
  }

  close(): void {
    this.unsubscribe();
    this.sweep.stop();
  }

  private forget(entry: TrpcSocket): void {
    const sockets = this.byUser.get(entry.userId);
    if (!sockets?.delete(entry)) return;
    if (sockets.size === 0) this.byUser.delete(entry.userId);
    const left = (this.countBySession.get(entry.sessionId) ?? 1) - 1;
    if (left > 0) this.countBySession.set(entry.sessionId, left);
    else this.countBySession.delete(entry.sessionId);
  }
}
