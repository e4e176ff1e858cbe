/**
 * Heavy work (an import's COPY and its publishing transaction, and the expensive reads of the
 * per-user budget: searches, the board, exports) runs at a lower CPU priority than the other
 * requests of the people using the app: on a small machine both share the same
 * cores, and the scheduler should prefer the person who is waiting. A server's backends can only be
 * reniced where they are processes of this machine that we may renice: the embedded server's. On
 * any other server (DATABASE_URL) nothing changes.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { typeParsers } from './create-db.js';
import type { Database } from './database.js';
import type { Db } from './types.js';

/**
 * Unix niceness of background work (`BACKGROUND_NICE`, 0–19, default 10): when both want the CPU, a
 * nice-0 process gets about ten times its share. 0 leaves background work at normal priority: the
 * API's test run sets it, where the processes competing for the CPU are other test files, not people
 * waiting, and a starved import only makes the run slower.
 */
export const BACKGROUND_NICE = backgroundNice(process.env['BACKGROUND_NICE']);

function backgroundNice(value: string | undefined): number {
  const nice = Number(value ?? 10);
  if (!Number.isInteger(nice) || nice < 0 || nice > 19) throw new Error(`BACKGROUND_NICE debe ser un entero de 0 a 19: ${value}`);
  return nice;
}

/** Where background work connects: `embedded` says the server's backends are processes of this machine. */
export interface BackgroundDatabase {
  url: string;
  embedded: boolean;
}

/**
 * Lowers the priority of the backend process serving this connection, when it is the embedded server's.
 * PostgreSQL starts every backend in a session of its own (setsid), and where Linux groups the CPU
 * by session (`sched_autogroup_enabled`, Debian's default) each backend is a group whose share a
 * process's nice value does not touch: the group's own nice value is lowered too.
 */
export async function lowerBackendPriority(client: pg.ClientBase, database: BackgroundDatabase): Promise<void> {
  if (!database.embedded) return;
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const pid = rows[0]?.pid;
  if (pid === undefined) return;
  try {
    os.setPriority(pid, BACKGROUND_NICE);
  } catch {
    // Not permitted on this system: the work runs at normal priority, as on any other server.
  }
  // Absent without autogroups (or on another system): the process's nice value is all there is.
  await writeFile(`/proc/${pid}/autogroup`, String(BACKGROUND_NICE)).catch(() => undefined);
}

/**
 * A database handle of one connection of its own, at background priority, for a job's long
 * transaction; `close` ends it (a lowered priority cannot always be raised again, so the connection
 * is never handed back to a pool). Without JIT: a job's set-based statements over rows the planner
 * has no statistics for yet look expensive enough to be compiled, and compiling took longer than running them.
 */
export async function openBackgroundDb(database: BackgroundDatabase): Promise<{ db: Db; close: () => Promise<void> }> {
  const pool = new pg.Pool({
    connectionString: database.url,
    max: 1,
    idleTimeoutMillis: 0,
    types: typeParsers(),
    options: '-c jit=off',
  });
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    try {
      await lowerBackendPriority(client, database);
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, close: () => db.destroy() };
}

/**
 * A small pool of its own for the expensive reads of interactive calls (searches, the board,
 * exports): however many of them run, the main pool keeps its connections for everyone else, and on
 * the embedded server their backends yield the CPU to the others'. Every connection of this pool is
 * lowered as it opens, so handing them back to it is safe.
 */
export function openLowPriorityPool(database: BackgroundDatabase, size: number): { db: Db; close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: database.url, max: size, types: typeParsers() });
  pool.on('error', () => undefined);
  // pg runs queries in order on a client: this one goes before the first query of whoever gets it.
  pool.on('connect', (client) => {
    lowerBackendPriority(client, database).catch(() => undefined);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, close: () => db.destroy() };
}
