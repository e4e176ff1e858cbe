/**
 * Presence: a user is online while any replica holds a live connection of theirs whose
 * heartbeat is fresh. A replica that dies stops beating, so its rows expire on their own.
 */
import { sql } from 'kysely';
import type { DbOrTrx } from '../types.js';

/** Replicas beat every 15 s; three missed beats and a connection no longer counts. */
export const PRESENCE_HEARTBEAT_MS = 15_000;
export const PRESENCE_STALE_MS = 45_000;

function freshSince() {
  return sql<Date>`now() - make_interval(secs => ${PRESENCE_STALE_MS / 1000})`;
}

export async function listOnlineUserIds(db: DbOrTrx): Promise<number[]> {
  const rows = await db
    .selectFrom('live_connections')
    .select('user_id')
    .distinct()
    .where('heartbeat_at', '>', freshSince())
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

export async function isUserOnline(db: DbOrTrx, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('live_connections')
    .select('id')
    .where('user_id', '=', userId)
    .where('heartbeat_at', '>', freshSince())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function openLiveConnection(db: DbOrTrx, connection: { id: string; userId: number; replicaId: string }): Promise<void> {
  await db
    .insertInto('live_connections')
    .values({ id: connection.id, user_id: connection.userId, replica_id: connection.replicaId })
    .execute();
}

export async function closeLiveConnection(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('live_connections').where('id', '=', id).execute();
}

/**
 * Part of a replica's beat: refreshes these connections' rows; any that are missing (the
 * unlogged table lost them in a database crash, or another replica expired them while this
 * one stalled) are written back. Replicas call it in small batches so no statement holds
 * the embedded database's single connection for long.
 */
export async function refreshLiveConnections(
  db: DbOrTrx,
  replicaId: string,
  connections: readonly { id: string; userId: number }[],
): Promise<void> {
  if (connections.length === 0) return;
  const refreshed = await db
    .updateTable('live_connections')
    .set({ heartbeat_at: sql`now()` })
    .where('id', '=', sql<string>`any(${connections.map((c) => c.id)}::text[])`)
    .executeTakeFirst();
  if (Number(refreshed.numUpdatedRows) < connections.length) {
    await db
      .insertInto('live_connections')
      .values(connections.map((c) => ({ id: c.id, user_id: c.userId, replica_id: replicaId })))
      .onConflict((oc) => oc.column('id').doUpdateSet({ heartbeat_at: sql`now()` }))
      .execute();
  }
}

/** Rows of replicas that stopped beating (crashed, killed) stop counting and go. */
export async function deleteStaleLiveConnections(db: DbOrTrx): Promise<void> {
  await db.deleteFrom('live_connections').where('heartbeat_at', '<=', freshSince()).execute();
}

/** A replica shutting down takes its connections with it. */
export async function closeReplicaConnections(db: DbOrTrx, replicaId: string): Promise<void> {
  await db.deleteFrom('live_connections').where('replica_id', '=', replicaId).execute();
}
