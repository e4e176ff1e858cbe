/**
 * The bus across replicas: PostgreSQL LISTEN/NOTIFY on one channel. Each replica keeps a
 * dedicated listening connection and reopens it when it drops, then asks its connections
 * to catch up (resync) since NOTIFYs sent meanwhile are gone.
 */
import { createListenClient, type Db, type ListenClient } from '@crm/db';
import { sql } from 'kysely';
import { type BusEvent, type BusLog, type EventBus, ListenerSet } from './event-bus.js';
import { eventsOfPayload, notifyPayloads } from './notify-payloads.js';

const CHANNEL = 'crm_events';
const RECONNECT_DELAY_MS = 1000;

export interface PostgresBusOptions {
  db: Db;
  databaseUrl: string;
  log: BusLog;
}

export async function createPostgresBus({ db, databaseUrl, log }: PostgresBusOptions): Promise<EventBus> {
  const listeners = new ListenerSet();
  const emit = (event: BusEvent) => listeners.emit(event, (error) => log.error({ err: error }, 'event listener failed'));
  let client: ListenClient | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = createListenClient(databaseUrl);
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        for (const event of eventsOfPayload(message.payload)) emit(event);
      } catch (error) {
        log.error({ err: error }, 'unreadable bus event');
      }
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'bus listener connection lost');
      dropAndReconnect(next);
    });
    next.on('end', () => dropAndReconnect(next));
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
    client = next;
  };

  const dropAndReconnect = (dropped: ListenClient) => {
    if (client !== dropped || closed) return;
    client = undefined;
    dropped.end().catch(() => undefined);
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect().then(
        () => emit({ type: 'resync' }),
        (error: unknown) => {
          log.warn({ err: error }, 'bus listener reconnect failed');
          scheduleReconnect();
        },
      );
    }, RECONNECT_DELAY_MS);
  };

  await connect();

  return {
    async publish(...events) {
      for (const payload of notifyPayloads(events)) {
        await sql`select pg_notify(${CHANNEL}, ${payload})`.execute(db);
      }
    },
    subscribe: (listener) => listeners.add(listener),
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
