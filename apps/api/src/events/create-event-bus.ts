/** Picks the bus for the database: LISTEN/NOTIFY on PostgreSQL, in-process on the embedded one. */
import type { DbHandle } from '@crm/db';
import type { BusLog, EventBus } from './event-bus.js';
import { createInProcessBus } from './in-process-bus.js';
import { createPostgresBus } from './postgres-bus.js';

export function createEventBus(database: Pick<DbHandle, 'db' | 'kind' | 'url'>, log: BusLog): Promise<EventBus> | EventBus {
  if (database.kind === 'postgres') {
    if (!database.url) throw new Error('El bus de eventos en PostgreSQL necesita la URL de la base de datos.');
    return createPostgresBus({ db: database.db, databaseUrl: database.url, log });
  }
  return createInProcessBus(log);
}
