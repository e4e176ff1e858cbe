/**
 * Every PostgreSQL advisory lock the application takes, by name: one key per purpose, so two
 * features can never wait on each other by accident. The single-key locks share one bigint key
 * space; the two-key form (class, id) is a separate space, used for per-row locks.
 * PGlite is one backend: its advisory locks are granted at once, so the same code runs on both.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { IN_MEMORY_DATA_DIR, PGLITE_SUBDIR } from './create-db.js';
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
  /** Held by one running import at a time, on its run hold's session, while its batches write (see ImportJobRunHold). */
  importWriter: 727_004,
} as const;

/** Two-key locks: (class, row id). */
const LOCK_CLASSES = {
  /** Held by the replica running an import job for as long as it runs: free means its runner is gone. */
  importJobRun: 7402,
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
 * (ImportJobRunHold.takeWriterTurn). A single lead's write waits for the batches under way, and
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
 * Until the transaction ends; false while a live replica runs the job. PostgreSQL only: PGlite's
 * one backend is granted every lock, so there a job's runner is alive exactly when this process runs it.
 */
export async function tryLockImportJobRun(trx: DbOrTrx, jobId: number): Promise<boolean> {
  const { rows } = await sql<{
    locked: boolean;
  }>`select pg_try_advisory_xact_lock(${LOCK_CLASSES.importJobRun}, ${jobId}) as locked`.execute(trx);
  return rows[0]?.locked === true;
}

/**
 * The runner's hold on a job, on a connection of its own: it marks this process as the job's runner
 * until released (if the process dies, PostgreSQL ends the session and the lock with it, and any
 * replica's sweep sees the job is orphaned), and it takes the import writer's turn for the job's
 * batches. One import writes at a time, so two files with the same lead cannot both insert it; the
 * batches of the job holding the turn run together, each with the lead-import lock shared.
 * A turn is a session lock on this connection, not a transaction's, so a turn outlives its batches'
 * transactions: the runner gives it up whenever another import waits for it (othersWaitForTurn).
 */
export interface ImportJobRunHold extends HeldLock {
  /** Waits for the turn (behind the imports that asked before) and holds it. */
  takeWriterTurn(): Promise<void>;
  /** Gives the turn up: call it only once no batch of the job is under way. */
  leaveWriterTurn(): Promise<void>;
  /** Whether another import waits for the turn. */
  othersWaitForTurn(): Promise<boolean>;
}

export async function holdImportJobRun(location: DatabaseLocation, jobId: number): Promise<ImportJobRunHold> {
  // PGlite: one backend, which runs one transaction at a time; the lock functions would be granted at once.
  if (!location.url)
    return { ...NOTHING_HELD, takeWriterTurn: done, leaveWriterTurn: done, othersWaitForTurn: () => Promise.resolve(false) };
  const client = createListenClient(location.url);
  client.on('error', () => undefined);
  await client.connect();
  await client.query('select pg_advisory_lock($1, $2)', [LOCK_CLASSES.importJobRun, jobId]);
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

const done = () => Promise.resolve();

export interface HeldLock {
  release(): Promise<void>;
}

const NOTHING_HELD: HeldLock = { release: () => Promise.resolve() };

/** Where a database is, as createDb's options or a DbHandle give it: a PostgreSQL URL, or PGlite's DATA_DIR. */
export interface DatabaseLocation {
  url?: string;
  dataDir?: string;
}

/**
 * Marks the database as used by a running server, until released. Servers share it (replicas);
 * a maintenance script that holds it exclusively makes a starting server wait for it to end.
 * PostgreSQL: a session lock on a dedicated connection. PGlite on disk is one process's alone:
 * a pid file in its folder, so a second process (server or script) is refused while the first lives.
 * Take it before opening PGlite: a second process opening the same files is what must not happen.
 */
export async function holdDatabaseForServer(location: DatabaseLocation): Promise<HeldLock> {
  const held = location.url ? await holdSessionLock(location.url, 'pg_advisory_lock_shared') : await claimPgliteFolder(location.dataDir);
  if (!held) throw new Error(`Otro proceso está usando la base de datos de ${location.dataDir ?? 'DATA_DIR'}.`);
  return held;
}

/** For scripts that rewrite the data: undefined while a server uses the database. Take it before opening the database. */
export async function tryHoldDatabaseExclusively(location: DatabaseLocation): Promise<HeldLock | undefined> {
  if (location.url) return holdSessionLock(location.url, 'pg_try_advisory_lock');
  return claimPgliteFolder(location.dataDir);
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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function claimPgliteFolder(dataDir: string | undefined): Promise<HeldLock | undefined> {
  if (!dataDir || dataDir === IN_MEMORY_DATA_DIR) return NOTHING_HELD;
  const folder = path.join(dataDir, PGLITE_SUBDIR);
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, 'en-uso.pid');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return { release: () => rm(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      // A process killed before it could remove its file leaves it behind: a dead (or our own) pid is stale.
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) return undefined;
      await rm(file, { force: true });
    }
  }
  return undefined;
}
