/**
 * One per replica: the live connections open here (/ws sockets and tRPC subscriptions),
 * fed from the event bus. It fetches each announced message once, delivers it to the
 * sender's and receiver's connections, records presence and ends connections whose
 * session is gone.
 */
import { randomUUID } from 'node:crypto';
import {
  closeLiveConnection,
  closeReplicaConnections,
  deleteStaleLiveConnections,
  findChatMessagesByIds,
  listMessagesOfUserAfter,
  listValidSessionIds,
  openLiveConnection,
  PRESENCE_HEARTBEAT_MS,
  refreshLiveConnections,
  type Db,
} from '@crm/db';
import type { ChatMessage } from '@crm/domain';
import type { BusEvent, BusLog, EventBus } from '../events/event-bus.js';

export type LiveEvent =
  { type: 'chat'; message: ChatMessage } | { type: 'read'; messageIds: number[]; readerId: number } | { type: 'presence'; userId: number };

export interface LiveConnection {
  userId: number;
  sessionId: string;
  /** Only the web app's subscription shows presence; /ws speaks only the frames of docs/live-protocol.md. */
  wantsPresence: boolean;
  deliver(event: LiveEvent): void;
  /** The session ended (logout, user deleted): close for good. */
  end(): void;
}

interface Registered extends LiveConnection {
  id: string;
  /** Highest message id delivered, where a resync picks up from. */
  lastMessageId: number;
}

/** What a hub runs on; it is built in server.ts beside the bus, before the app and its logger exist. */
export interface LiveHubDeps {
  db: Db;
  bus: EventBus;
  log: BusLog;
}

const RESYNC_BATCH = 500;
const BEAT_BATCH = 100;

export class LiveHub {
  readonly replicaId = randomUUID();
  private readonly byUser = new Map<number, Set<Registered>>();
  private readonly pending: BusEvent[] = [];
  private draining: Promise<void> | undefined;
  private readonly unsubscribe: () => void;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly ctx: LiveHubDeps) {
    this.unsubscribe = ctx.bus.subscribe((event) => this.enqueue(event));
    this.heartbeat = setInterval(() => void this.beat(), PRESENCE_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Registers a connection and marks its user online on every replica; returns its closer. */
  async open(connection: LiveConnection): Promise<() => Promise<void>> {
    const registered: Registered = Object.assign(connection, { id: randomUUID(), lastMessageId: 0 });
    const set = this.byUser.get(connection.userId) ?? new Set();
    set.add(registered);
    this.byUser.set(connection.userId, set);
    const forget = () => {
      set.delete(registered);
      if (set.size === 0 && this.byUser.get(connection.userId) === set) this.byUser.delete(connection.userId);
    };
    try {
      await openLiveConnection(this.ctx.db, { id: registered.id, userId: connection.userId, replicaId: this.replicaId });
    } catch (error) {
      forget();
      throw error;
    }
    await this.announcePresence(connection.userId);
    let closed = false;
    return async () => {
      if (closed) return;
      closed = true;
      forget();
      await closeLiveConnection(this.ctx.db, registered.id).catch((error: unknown) =>
        this.ctx.log.error({ err: error }, 'presence row not removed'),
      );
      await this.announcePresence(connection.userId);
    };
  }

  async close(): Promise<void> {
    this.unsubscribe();
    clearInterval(this.heartbeat);
    await this.draining;
    await closeReplicaConnections(this.ctx.db, this.replicaId);
  }

  private async announcePresence(userId: number): Promise<void> {
    await this.ctx.bus
      .publish({ type: 'presence', userId })
      .catch((error: unknown) => this.ctx.log.error({ err: error }, 'presence not published'));
  }

  /** Events are handled in order; messages that arrive together without their content are fetched in one query. */
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
      const messages = new Map<number, ChatMessage>();
      const wanted: number[] = [];
      for (const event of batch) {
        if (event.type !== 'message' || !(this.byUser.has(event.senderId) || this.byUser.has(event.receiverId))) continue;
        if (event.message) messages.set(event.messageId, event.message);
        else wanted.push(event.messageId);
      }
      try {
        for (const message of await findChatMessagesByIds(this.ctx.db, wanted)) messages.set(message.id, message);
      } catch (error) {
        this.ctx.log.error({ err: error }, 'chat messages not fetched for delivery');
      }
      for (const event of batch) await this.dispatch(event, messages);
    }
  }

  private async dispatch(event: BusEvent, messages: Map<number, ChatMessage>): Promise<void> {
    switch (event.type) {
      case 'message': {
        const message = messages.get(event.messageId);
        if (message) this.deliverMessage(message);
        return;
      }
      case 'read': {
        const frame: LiveEvent = { type: 'read', messageIds: event.messageIds, readerId: event.readerId };
        for (const connection of this.connectionsOf(event.senderId, event.readerId)) connection.deliver(frame);
        return;
      }
      case 'presence': {
        const frame: LiveEvent = { type: 'presence', userId: event.userId };
        for (const set of this.byUser.values()) for (const connection of set) if (connection.wantsPresence) connection.deliver(frame);
        return;
      }
      case 'resync':
        await this.resync();
        return;
      case 'user-removed':
        for (const connection of this.byUser.get(event.userId) ?? []) connection.end();
        return;
    }
  }

  private deliverMessage(message: ChatMessage): void {
    for (const connection of this.connectionsOf(message.senderId, message.receiverId)) {
      connection.lastMessageId = Math.max(connection.lastMessageId, message.id);
      connection.deliver({ type: 'chat', message });
    }
  }

  private *connectionsOf(...userIds: number[]): Iterable<Registered> {
    for (const userId of new Set(userIds)) yield* this.byUser.get(userId) ?? [];
  }

  /** After the bus listener reconnects: deliver what each connection may have missed meanwhile. */
  private async resync(): Promise<void> {
    for (const [userId, set] of this.byUser) {
      for (const connection of set) {
        if (connection.lastMessageId === 0) continue;
        const missed = await listMessagesOfUserAfter(this.ctx.db, userId, connection.lastMessageId, RESYNC_BATCH);
        for (const message of missed) {
          connection.lastMessageId = Math.max(connection.lastMessageId, message.id);
          connection.deliver({ type: 'chat', message });
        }
      }
    }
  }

  /**
   * Keeps this replica's presence rows fresh and ends connections whose session was ended.
   * Done in batches: on the embedded database one long statement would stall every message.
   */
  private async beat(): Promise<void> {
    try {
      const connections = [...this.byUser.values()].flatMap((set) => [...set]);
      for (const batch of chunks(connections, BEAT_BATCH)) await refreshLiveConnections(this.ctx.db, this.replicaId, batch);
      await deleteStaleLiveConnections(this.ctx.db);
      await this.endExpiredSessions();
    } catch (error) {
      this.ctx.log.error({ err: error }, 'live heartbeat failed');
    }
  }

  /** Ends every connection whose session is gone (logout, password change, user deleted); runs on each beat. */
  async endExpiredSessions(): Promise<void> {
    const connections = [...this.byUser.values()].flatMap((set) => [...set]);
    const alive = new Set<string>();
    for (const batch of chunks([...new Set(connections.map((c) => c.sessionId))], BEAT_BATCH)) {
      for (const id of await listValidSessionIds(this.ctx.db, batch)) alive.add(id);
    }
    for (const connection of connections) if (!alive.has(connection.sessionId)) connection.end();
  }
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}
