/** The one event bus: PostgreSQL LISTEN/NOTIFY, shared by every replica (the embedded server too). */
import type { DbHandle } from '@crm/db';
import type { BusLog, EventBus } from './event-bus.js';
import { createPostgresBus } from './postgres-bus.js';

export function createEventBus(database: Pick<DbHandle, 'db' | 'url'>, log: BusLog): Promise<EventBus> {
  return createPostgresBus({ db: database.db, databaseUrl: database.url, log });
}
