/**
 * One per replica, built in server.ts beside the bus: the live connections open here (/ws
 * sockets and the web app's feeds), fed from the bus. Presence rows are kept by presence-heartbeat.ts; ended sessions are found by
 * session-sweep.ts and, at once, by the `sessions-ended` event.
 */
import { randomUUID } from 'node:crypto';
import { closeLiveConnection, closeReplicaConnections, type Db, listMessagesOfUserAfter, openLiveConnection } from '@crm/db';
import { DomainError } from '@crm/domain';
import type { Audience, BusEvent, BusLog, EventBus } from '../events/event-bus.js';
import { fromWire, type LiveEvent, type LiveEventType } from './live-events.js';
import { startPresenceHeartbeat } from './presence-heartbeat.js';
import { publishLive } from './publish.js';
import { endConnections, startSessionSweep } from './session-sweep.js';

export interface LiveConnection {
  userId: number;
  sessionId: string;
  /** Which events it is sent: /ws speaks only the documented protocol. */
  accepts(type: LiveEventType): boolean;
  deliver(event: LiveEvent): void;
  /** Its session ended (logout, password change, deletion, expiry): close for good. */
  end(): void;
}

/** What a hub runs on; it exists before the app and its logger do. */
export interface LiveHubDeps {
  db: Db;
  bus: EventBus;
  log: BusLog;
}

/** The close reason of a socket whose session ended (code 1000: the client does not reconnect). */
export const SESSION_ENDED_REASON = 'Sesión finalizada';

/** Live connections (feeds and /ws sockets) one session may hold on a replica: a tab needs one. */
export const MAX_CONNECTIONS_PER_SESSION = 10;
export const TOO_MANY_CONNECTIONS_MESSAGE = 'Demasiadas conexiones en vivo abiertas con esta sesión. Cierra alguna pestaña.';

interface Registered extends LiveConnection {
  id: string;
  /** Highest message id delivered, where a resync picks up from. */
  lastMessageId: number;
}

const RESYNC_BATCH = 500;

export class LiveHub {
  readonly replicaId = randomUUID();
  private readonly byUser = new Map<number, Set<Registered>>();
  private readonly countBySession = new Map<string, number>();
  private readonly placesHeld = new Map<string, number>();
  private readonly pending: BusEvent[] = [];
  private draining: Promise<void> | undefined;
  private readonly unsubscribe: () => void;
  private readonly heartbeat: { stop(): void };
  private readonly sweep: { stop(): void; run(): Promise<void> };

  constructor(private readonly deps: LiveHubDeps) {
    this.unsubscribe = deps.bus.subscribe((event) => this.enqueue(event));
    this.heartbeat = startPresenceHeartbeat({ ...deps, replicaId: this.replicaId, connections: () => this.connections() });
    this.sweep = startSessionSweep({ ...deps, connections: () => this.connections() });
  }

  /**
   * Registers a connection and marks its user online on every replica; returns its closer.
   * Refused, before any database work, when its session already holds the most it may.
   */
  async open(connection: LiveConnection): Promise<() => Promise<void>> {
    if ((this.countBySession.get(connection.sessionId) ?? 0) >= MAX_CONNECTIONS_PER_SESSION) {
      throw new DomainError('TOO_MANY_REQUESTS', TOO_MANY_CONNECTIONS_MESSAGE);
    }
    const registered = this.register(connection);
    try {
      await openLiveConnection(this.deps.db, { id: registered.id, userId: connection.userId, replicaId: this.replicaId });
    } catch (error) {
      this.forget(registered);
      throw error;
    }
    await this.announcePresence(connection.userId);
    let closed = false;
    return async () => {
      if (closed) return;
      closed = true;
      this.forget(registered);
      await closeLiveConnection(this.deps.db, registered.id).catch((error: unknown) =>
        this.deps.log.error({ err: error }, 'presence row not removed'),
      );
      await this.announcePresence(connection.userId);
    };
  }

  /**
   * Holds a place for a connection about to open (its session is still to be read), so a
   * burst of opens is refused before any of them reaches the database. Undefined when full;
   * otherwise release it once `open` has registered the connection or failed.
   */
  holdPlace(sessionId: string): (() => void) | undefined {
    const held = (this.countBySession.get(sessionId) ?? 0) + (this.placesHeld.get(sessionId) ?? 0);
    if (held >= MAX_CONNECTIONS_PER_SESSION) return undefined;
    this.placesHeld.set(sessionId, (this.placesHeld.get(sessionId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.placesHeld.get(sessionId) ?? 1) - 1;
      if (left > 0) this.placesHeld.set(sessionId, left);
      else this.placesHeld.delete(sessionId);
    };
  }

  /** Checks every connection's session now (what the sweep does on its own every few seconds). */
  sweepSessions(): Promise<void> {
    return this.sweep.run();
  }

  async close(): Promise<void> {
    this.unsubscribe();
    this.heartbeat.stop();
    this.sweep.stop();
    await this.draining;
    await closeReplicaConnections(this.deps.db, this.replicaId);
  }

  private connections(): Registered[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  private register(connection: LiveConnection): Registered {
    const registered: Registered = Object.assign(connection, { id: randomUUID(), lastMessageId: 0 });
    const set = this.byUser.get(connection.userId) ?? new Set();
    set.add(registered);
    this.byUser.set(connection.userId, set);
    this.countBySession.set(connection.sessionId, (this.countBySession.get(connection.sessionId) ?? 0) + 1);
    return registered;
  }

  private forget(registered: Registered): void {
    const set = this.byUser.get(registered.userId);
    if (!set?.delete(registered)) return;
    if (set.size === 0) this.byUser.delete(registered.userId);
    const held = (this.countBySession.get(registered.sessionId) ?? 1) - 1;
    if (held > 0) this.countBySession.set(registered.sessionId, held);
    else this.countBySession.delete(registered.sessionId);
  }

  private announcePresence(userId: number): Promise<void> {
    return publishLive(this.deps, { type: 'presence', userId }, { everyone: true });
  }

  /** Events are handled in order; those that arrived together from another replica are read back in one query per type. */
  private enqueue(event: BusEvent): void {
    this.pending.push(event);
    this.kick();
  }

  private kick(): void {
    this.draining ??= this.drain().finally(() => {
      this.draining = undefined;
      if (this.pending.length > 0) this.kick();
    });
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.pending.length);
      const rebuilt = await this.rebuild(batch);
      for (const event of batch) {
        try {
          await this.dispatch(event, rebuilt);
        } catch (error) {
          this.deps.log.error({ err: error, event: event.type }, 'live event not handled');
        }
      }
    }
  }

  /** The live events of the batch's wire forms that someone here will receive (most travel whole; the rest are read back). */
  private async rebuild(batch: BusEvent[]): Promise<Map<BusEvent, LiveEvent>> {
    const wanted = batch.filter(
      (event): event is Extract<BusEvent, { type: 'deliver-wire' }> =>
        event.type === 'deliver-wire' && this.hasAudience(event.to, event.wire.type),
    );
    const rebuilt = new Map<BusEvent, LiveEvent>();
    try {
      const events = await fromWire(
        this.deps.db,
        wanted.map((event) => event.wire),
      );
      wanted.forEach((event, index) => {
        const live = events[index];
        if (live) rebuilt.set(event, live);
      });
    } catch (error) {
      this.deps.log.error({ err: error }, 'live events from another replica not read back');
    }
    return rebuilt;
  }

  private async dispatch(event: BusEvent, rebuilt: Map<BusEvent, LiveEvent>): Promise<void> {
    switch (event.type) {
      case 'deliver':
        this.deliver(event.event, event.to);
        return;
      case 'deliver-wire': {
        const live = rebuilt.get(event);
        if (live) this.deliver(live, event.to);
        return;
      }
      case 'sessions-ended':
        await endConnections(this.deps.db, [...(this.byUser.get(event.userId) ?? [])], event.everyConnection);
        return;
      case 'resync':
        await this.resync();
        return;
    }
  }

  /** Whether a connection here takes events of this type for someone of `to` (else its wire form is never read back). */
  private hasAudience(to: Audience, type: LiveEventType): boolean {
    const takes = (connections: Iterable<Registered>) => [...connections].some((connection) => connection.accepts(type));
    return 'everyone' in to ? takes(this.connections()) : to.userIds.some((userId) => takes(this.byUser.get(userId) ?? []));
  }

  private deliver(event: LiveEvent, to: Audience): void {
    const connections = 'everyone' in to ? this.connections() : [...new Set(to.userIds)].flatMap((id) => [...(this.byUser.get(id) ?? [])]);
    for (const connection of connections) {
      if (!connection.accepts(event.type)) continue;
      if (event.type === 'chat') connection.lastMessageId = Math.max(connection.lastMessageId, event.message.id);
      connection.deliver(event);
    }
  }

  /** After the bus listener reconnects: deliver the messages each connection may have missed meanwhile. */
  private async resync(): Promise<void> {
    for (const connection of this.connections()) {
      if (connection.lastMessageId === 0 || !connection.accepts('chat')) continue;
      const missed = await listMessagesOfUserAfter(this.deps.db, connection.userId, connection.lastMessageId, RESYNC_BATCH);
      for (const message of missed) {
        connection.lastMessageId = Math.max(connection.lastMessageId, message.id);
        connection.deliver({ type: 'chat', message });
      }
    }
  }
}
