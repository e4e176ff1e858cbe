/**
 * Every PostgreSQL advisory lock the application takes, by name: one key per purpose, so two
 * features can never wait on each other by accident. The single-key locks share one bigint key
 * space; the two-key form (class, id) is a separate space, used for per-row locks.
 */
import { sql } from 'kysely';
import { createListenClient } from './listen-client.js';
import type { DbOrTrx } from './types.js';

const LOCK_KEYS = {
  /** Replicas starting together on an empty database: exactly one creates the first admin. */
  firstAdmin: 727_001,
  /** Held shared by every running server, exclusively by maintenance scripts (the demo seed). */
  databaseInUse: 727_003,
} as const;

/** Two-key locks: (class, row id). */
const LOCK_CLASSES = {
  /** One person's saved-view writes one after the other, so the per-person limit is counted exactly. */
  savedViewOwner: 7410,
  /** One person's attachment uploads are counted against their quota one after the other. */
  attachmentUploader: 7411,
  /** One person's token creations one after the other, so the per-person limit is counted exactly. */
  apiTokenOwner: 7412,
} as const;

const xactLock = (db: DbOrTrx, key: number) => sql`select pg_advisory_xact_lock(${key})`.execute(db);

/** Until the transaction ends. */
export async function lockFirstAdminCreation(trx: DbOrTrx): Promise<void> {
  await xactLock(trx, LOCK_KEYS.firstAdmin);
}

/** Until the transaction ends. */
export async function lockSavedViewOwner(trx: DbOrTrx, userId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCK_CLASSES.savedViewOwner}, ${userId})`.execute(trx);
}

/** Until the transaction ends. */
export async function lockApiTokenOwner(trx: DbOrTrx, userId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCK_CLASSES.apiTokenOwner}, ${userId})`.execute(trx);
}

/** Until the transaction ends. */
export async function lockAttachmentUploader(trx: DbOrTrx, userId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCK_CLASSES.attachmentUploader}, ${userId})`.execute(trx);
}

export interface HeldLock {
  release(): Promise<void>;
}

/**
 * Marks the database as used by a running server, until released: a session lock on a dedicated
 * connection. Servers share it (replicas); a maintenance script that holds it exclusively makes a
 * starting server wait for it to end.
 */
export async function holdDatabaseForServer(databaseUrl: string): Promise<HeldLock> {
  const held = await holdSessionLock(databaseUrl, 'pg_advisory_lock_shared');
  if (!held) throw new Error('No se pudo marcar la base de datos como en uso.');
  return held;
}

/** For scripts that rewrite the data: undefined while a server uses the database. */
export function tryHoldDatabaseExclusively(databaseUrl: string): Promise<HeldLock | undefined> {
  return holdSessionLock(databaseUrl, 'pg_try_advisory_lock');
}

async function holdSessionLock(
  url: string,
  lockFunction: 'pg_advisory_lock_shared' | 'pg_try_advisory_lock',
): Promise<HeldLock | undefined> {
  const client = createListenClient(url);
  // A lost connection releases the lock on the server side; there is nothing more to do here.
  client.on('error', () => undefined);
  await client.connect();
  const { rows } = await client.query<{ locked: boolean | null }>(
    lockFunction === 'pg_try_advisory_lock'
      ? 'select pg_try_advisory_lock($1) as locked'
      : 'select true as locked from (select pg_advisory_lock_shared($1)) as waited',
    [LOCK_KEYS.databaseInUse],
  );
  if (rows[0]?.locked !== true) {
    await client.end();
    return undefined;
  }
  return { release: () => client.end().catch(() => undefined) };
}
