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
  /**
   * Taken before inserting a lead or changing its email or phone, so two writers cannot both pass
   * the duplicate check: exclusively by a single lead's write, shared by an import's batches while
   * their job holds `importWriter` (so the batches of one job run together, and only theirs).
   */
  leadImport: 727_002,
  /** Held shared by every running server, exclusively by maintenance scripts (the demo seed). */
  databaseInUse: 727_003,
  /** Held by one running import at a time, on its writer session, while its batches write (see ImportWriterSession). */
  importWriter: 727_004,
} as const;

/** Two-key locks: (class, row id). */
const LOCK_CLASSES = {
  /** One person's saved-view writes one after the other, so the per-person limit is counted exactly. */
  savedViewOwner: 7410,
} as const;

const xactLock = (db: DbOrTrx, key: number) => sql`select pg_advisory_xact_lock(${key})`.execute(db);

/** Until the transaction ends. */
export async function lockFirstAdminCreation(trx: DbOrTrx): Promise<void> {
  await xactLock(trx, LOCK_KEYS.firstAdmin);
}

/** Until the transaction ends. */
export async function lockLeadImports(trx: DbOrTrx): Promise<void> {
  await xactLock(trx, LOCK_KEYS.leadImport);
}

/**
 * Until the transaction ends: for a batch of the import that holds the import writer's turn
 * (ImportWriterSession.takeWriterTurn). A single lead's write waits for the batches under way, and
 * PostgreSQL queues later batches behind it.
 */
export async function lockLeadImportsForBatch(trx: DbOrTrx): Promise<void> {
  await sql`select pg_advisory_xact_lock_shared(${LOCK_KEYS.leadImport})`.execute(trx);
}

/** Until the transaction ends. */
export async function lockSavedViewOwner(trx: DbOrTrx, userId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCK_CLASSES.savedViewOwner}, ${userId})`.execute(trx);
}

/**
 * An import's session for the writer's turn, on a connection of its own. One import writes at a
 * time, so two files with the same lead cannot both insert it; the batches of the job holding the
 * turn run together, each with the lead-import lock shared. A turn is a session lock on this
 * connection, not a transaction's, so a turn outlives its batches' transactions: the runner gives
 * it up whenever another import waits for it (othersWaitForTurn). A process that dies ends the
 * session, and PostgreSQL releases the turn with it.
 */
export interface ImportWriterSession extends HeldLock {
  /** Waits for the turn (behind the imports that asked before) and holds it. */
  takeWriterTurn(): Promise<void>;
  /** Gives the turn up: call it only once no batch of the job is under way. */
  leaveWriterTurn(): Promise<void>;
  /** Whether another import waits for the turn. */
  othersWaitForTurn(): Promise<boolean>;
}

export async function openImportWriterSession(databaseUrl: string): Promise<ImportWriterSession> {
  const client = createListenClient(databaseUrl);
  client.on('error', () => undefined);
  await client.connect();
  const writer = LOCK_KEYS.importWriter;
  return {
    release: () => client.end().catch(() => undefined),
    takeWriterTurn: async () => {
      await client.query('select pg_advisory_lock($1)', [writer]);
    },
    leaveWriterTurn: async () => {
      await client.query('select pg_advisory_unlock($1)', [writer]);
    },
    othersWaitForTurn: async () => {
      // A one-key advisory lock shows in pg_locks as classid (high 32 bits), objid (low 32 bits), objsubid 1.
      const { rows } = await client.query<{ waiting: boolean }>(
        `select exists (select 1 from pg_locks where locktype = 'advisory' and classid = 0 and objid = $1 and objsubid = 1
           and database = (select oid from pg_database where datname = current_database()) and not granted) as waiting`,
        [writer],
      );
      return rows[0]?.waiting === true;
    },
  };
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
