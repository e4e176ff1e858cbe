/**
 * Sessions that end without an announcement (idle or past their absolute expiry, or a
 * `sessions-ended` event lost while a replica's listener reconnected) are found here: every
 * sweep ends the live connections whose session is no longer valid, then deletes expired
 * session rows in bounded batches. Every replica sweeps; the purge is a plain DELETE, safe
 * to run on several at once (a row another replica deleted first is skipped).
 */
import { type Db, deleteExpiredSessions, listValidSessionIds, PRESENCE_HEARTBEAT_MS } from '@crm/db';
import type { BusLog } from '../events/event-bus.js';
import { chunks } from './chunks.js';

const SESSION_SWEEP_MS = PRESENCE_HEARTBEAT_MS;
const CHECK_BATCH = 100;
const PURGE_BATCH = 500;

type Endable = { sessionId: string; end(): void };

/** Ends each connection whose session is no longer valid (one query per hundred sessions). */
export async function endConnectionsOfEndedSessions(db: Db, connections: readonly Endable[]): Promise<void> {
  const valid = new Set<string>();
  for (const batch of chunks([...new Set(connections.map((c) => c.sessionId))], CHECK_BATCH)) {
    for (const id of await listValidSessionIds(db, batch)) valid.add(id);
  }
  for (const connection of connections) if (!valid.has(connection.sessionId)) connection.end();
}

export function startSessionSweep(deps: { db: Db; log: BusLog; connections: () => readonly Endable[] }): {
  stop(): void;
  run(): Promise<void>;
} {
  const run = async () => {
    await endConnectionsOfEndedSessions(deps.db, deps.connections());
    // Batch by batch, so other requests get the embedded database in between.
    let deleted: number;
    do deleted = await deleteExpiredSessions(deps.db, PURGE_BATCH);
    while (deleted === PURGE_BATCH);
  };
  const timer = setInterval(() => {
    run().catch((error: unknown) => deps.log.error({ err: error }, 'session sweep failed'));
  }, SESSION_SWEEP_MS);
  timer.unref();
  return { stop: () => clearInterval(timer), run };
}
