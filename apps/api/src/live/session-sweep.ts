/**
 * Sessions that end without an announcement (idle or past their absolute expiry, or a
 * `sessions-ended` event lost while a replica's listener reconnected) are found here: every
 * sweep ends this replica's live connections whose session is no longer valid. It is a local
 * timer, not a queued job, because the connections are this process's own: every replica must
 * check its own. Deleting the expired rows is cluster work, a scheduled job (modules/auth/sessions.jobs.ts).
 */
import { type Db, listValidSessionIds, PRESENCE_HEARTBEAT_MS } from '@crm/db';
import type { BusLog } from '../events/event-bus.js';
import { chunks } from './chunks.js';

const SESSION_SWEEP_MS = PRESENCE_HEARTBEAT_MS;
const CHECK_BATCH = 100;

type Endable = { sessionId: string; end(): void };

/** Ends each connection whose session is no longer valid (one query per hundred sessions). */
async function endConnectionsOfEndedSessions(db: Db, connections: readonly Endable[]): Promise<void> {
  const valid = new Set<string>();
  for (const batch of chunks([...new Set(connections.map((c) => c.sessionId))], CHECK_BATCH)) {
    for (const id of await listValidSessionIds(db, batch)) valid.add(id);
  }
  for (const connection of connections) if (!valid.has(connection.sessionId)) connection.end();
}

/** A `sessions-ended` event's connections: those of ended sessions, or every one of them. */
export async function endConnections(db: Db, connections: readonly Endable[], everyConnection?: true): Promise<void> {
  if (everyConnection) for (const connection of connections) connection.end();
  else await endConnectionsOfEndedSessions(db, connections);
}

export function startSessionSweep(deps: { db: Db; log: BusLog; connections: () => readonly Endable[] }): {
  stop(): void;
  run(): Promise<void>;
} {
  const run = () => endConnectionsOfEndedSessions(deps.db, deps.connections());
  const timer = setInterval(() => {
    run().catch((error: unknown) => deps.log.error({ err: error }, 'session sweep failed'));
  }, SESSION_SWEEP_MS);
  timer.unref();
  return { stop: () => clearInterval(timer), run };
}
