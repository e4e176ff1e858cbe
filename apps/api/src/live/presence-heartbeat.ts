/**
 * Presence across replicas: this replica refreshes the rows of its open connections on
 * every beat, so others count their users online; a replica that dies stops beating and
 * its rows expire on their own (deleted by whichever replica beats next).
 */
import { type Db, deleteStaleLiveConnections, PRESENCE_HEARTBEAT_MS, refreshLiveConnections } from '@crm/db';
import type { BusLog } from '../events/event-bus.js';
import { chunks } from './chunks.js';

/** Rows refreshed per statement: on the embedded database one long statement would stall every message. */
const BEAT_BATCH = 100;

export function startPresenceHeartbeat(deps: {
  db: Db;
  log: BusLog;
  replicaId: string;
  connections: () => readonly { id: string; userId: number }[];
}): { stop(): void } {
  const beat = async () => {
    try {
      for (const batch of chunks(deps.connections(), BEAT_BATCH)) await refreshLiveConnections(deps.db, deps.replicaId, batch);
      await deleteStaleLiveConnections(deps.db);
    } catch (error) {
      deps.log.error({ err: error }, 'presence heartbeat failed');
    }
  };
  const timer = setInterval(() => void beat(), PRESENCE_HEARTBEAT_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
