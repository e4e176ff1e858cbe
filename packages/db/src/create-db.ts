/**
 * Opens the database: a pg pool on DATABASE_URL, or on the embedded PostgreSQL server this process
 * starts in DATA_DIR/postgres when there is no URL. Either way the same SQL and the same JS types.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';
import { type EmbeddedServerOptions, startEmbeddedServer } from './embedded/embedded-server.js';
import type { Db } from './types.js';

export interface CreateDbOptions {
  /** postgres://… URL; when absent the embedded server in `dataDir` is started (or attached to). */
  databaseUrl?: string;
  /** DATA_DIR: the embedded server keeps its cluster in `<dataDir>/postgres`. */
  dataDir?: string;
  /** Embedded only: what to do when another live process already owns that server (default: attach). */
  whenOwned?: EmbeddedServerOptions['whenOwned'];
  /** Size of the pg pool (default 10). */
  poolSize?: number;
  /** Embedded only: progress of the server's start (its first initialisation, a recovered orphan). */
  log?: (message: string) => void;
}

export interface DbHandle {
  db: Db;
  pool: pg.Pool;
  /** The connection string, for a dedicated connection such as a LISTEN client. */
  url: string;
  /** Whether this handle started the embedded server (and stops it on close). */
  embedded: boolean;
  /** Ends the pool, then stops the embedded server this handle started. Safe to call twice. */
  close(): Promise<void>;
}

const DEFAULT_POOL_SIZE = 10;

/**
 * int8 (count(*)) comes back as a number; numeric (money: amounts and their sums) as the exact
 * decimal text PostgreSQL sends, never a float; date as its 'YYYY-MM-DD' text.
 */
export function typeParsers(): pg.CustomTypesConfig {
  const overrides = new pg.TypeOverrides();
  overrides.setTypeParser(pg.types.builtins.INT8, Number);
  overrides.setTypeParser(pg.types.builtins.DATE, (value: string) => value);
  return overrides;
}

export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
  if (options.databaseUrl) return openPool(options.databaseUrl, poolSize, () => Promise.resolve(), false);
  if (!options.dataDir) throw new Error('createDb necesita databaseUrl o dataDir.');
  const server = await startEmbeddedServer({ dataDir: options.dataDir, whenOwned: options.whenOwned ?? 'attach', log: options.log });
  return openPool(server.url, poolSize, () => server.stop(), true);
}

function openPool(url: string, poolSize: number, afterClose: () => Promise<void>, embedded: boolean): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: typeParsers() });
  // An idle client can lose its server (restart, dropped database); without a listener pg would crash the process.
  pool.on('error', (error) => {
    console.error('Conexión inactiva de PostgreSQL perdida:', error.message);
  });
  const allDisconnected = trackDisconnections(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const close = async () => {
    await db.destroy();
    await allDisconnected();
    await afterClose();
  };
  return { db, pool, url, embedded, close: once(close) };
}

/** Long enough for a goodbye on a busy machine; a connection that never says it closed must not hang shutdown. */
const DISCONNECT_WAIT_MS = 5_000;

/**
 * pg-pool's end() resolves once its idle connections are asked to close, not once they have.
 * A database dropped right after (a test's `drop … with (force)`) would terminate those
 * backends and their error would reach the pool's error handler. Waiting for each 'remove'
 * (emitted when a connection has really ended) makes close() mean closed.
 */
function trackDisconnections(pool: pg.Pool): () => Promise<void> {
  let open = 0;
  let whenNoneOpen: (() => void) | undefined;
  pool.on('connect', () => {
    open += 1;
  });
  pool.on('remove', () => {
    open -= 1;
    if (open === 0) whenNoneOpen?.();
  });
  return () =>
    open === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, DISCONNECT_WAIT_MS);
          whenNoneOpen = () => {
            clearTimeout(timer);
            resolve();
          };
        });
}

function once(action: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= action());
}
