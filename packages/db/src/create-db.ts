/** Opens the database: embedded PGlite when there is no URL, a PostgreSQL pool otherwise, both returning the same JS types. */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, types as pgliteTypes, type ParserOptions, type SerializerOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';
import { PGliteDialect } from './dialect/pglite-dialect.js';
import type { Db } from './types.js';

export type DbKind = 'pglite' | 'postgres';

export interface CreateDbOptions {
  /** postgres://… URL; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite keeps its files in `<dataDir>/pglite`; 'memory://' keeps them in memory. */
  dataDir?: string;
  /** Size of the pg pool (default 10); ignored by PGlite, which has one connection. */
  poolSize?: number;
  /** PGlite only: start from this copy of a data directory (what `dumpDataDir` gave) instead of an empty one. */
  loadDataDir?: Blob;
}

export interface DbHandle {
  db: Db;
  kind: DbKind;
  /** Destroys the Kysely instance, which ends the pool or closes PGlite. Safe to call twice. */
  close(): Promise<void>;
  pool?: pg.Pool;
  /** postgres: the connection string, for a dedicated connection such as a LISTEN client. */
  url?: string;
  /** pglite on disk: the folder given (the database lives in `<dataDir>/pglite`). */
  dataDir?: string;
  /** pglite: the whole data directory as an uncompressed tar, for `loadDataDir`. */
  dumpDataDir?: () => Promise<Blob>;
}

export const PGLITE_SUBDIR = 'pglite';

const kinds = new WeakMap<Db, DbKind>();

/** Which database a handle's `db` talks to, for the few statements that differ (undefined: not made by createDb). */
export function databaseKindOf(db: Db): DbKind | undefined {
  return kinds.get(db);
}

export const IN_MEMORY_DATA_DIR = 'memory://';

const DEFAULT_POOL_SIZE = 10;

/**
 * Both backends return int8 (count(*)) and numeric as numbers, date as the
 * 'YYYY-MM-DD' text PostgreSQL sends, and timestamptz as Date (the default on both).
 */
const keepText = (value: string): string => value;

/**
 * bytea in PGlite's text protocol is '\\x' + hex. PGlite's own codec goes byte by byte through JS
 * arrays (about 90 ms and a million short strings per MB): an import's 10 MB upload spent a second
 * there and the garbage collector another, all on the thread every request needs. Node's hex codec
 * does the same in native code.
 */
const BYTEA_HEX_PREFIX = '\\x';

function byteaToText(value: unknown): string {
  if (!(value instanceof Uint8Array)) throw new Error('Un valor bytea debe ser un Uint8Array');
  return BYTEA_HEX_PREFIX + Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex');
}

function byteaFromText(text: string): Uint8Array {
  const bytes = Buffer.from(text.slice(BYTEA_HEX_PREFIX.length), 'hex');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const PGLITE_PARSERS: ParserOptions = {
  [pgliteTypes.INT8]: Number,
  [pgliteTypes.NUMERIC]: Number,
  [pgliteTypes.DATE]: keepText,
  [pgliteTypes.BYTEA]: byteaFromText,
};

const PGLITE_SERIALIZERS: SerializerOptions = { [pgliteTypes.BYTEA]: byteaToText };

function pgTypeParsers(): pg.CustomTypesConfig {
  const overrides = new pg.TypeOverrides();
  overrides.setTypeParser(pg.types.builtins.INT8, Number);
  overrides.setTypeParser(pg.types.builtins.NUMERIC, Number);
  overrides.setTypeParser(pg.types.builtins.DATE, keepText);
  return overrides;
}

export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    return createPostgresDb(options.databaseUrl, options.poolSize ?? DEFAULT_POOL_SIZE);
  }
  if (!options.dataDir) {
    throw new Error('createDb necesita databaseUrl o dataDir.');
  }
  return createPgliteDb(options.dataDir, options.loadDataDir);
}

async function createPgliteDb(dataDir: string, loadDataDir: Blob | undefined): Promise<DbHandle> {
  let pgliteDir: string | undefined;
  if (dataDir !== IN_MEMORY_DATA_DIR) {
    pgliteDir = path.join(dataDir, PGLITE_SUBDIR);
    await mkdir(pgliteDir, { recursive: true });
  }
  // pg_trgm backs the leads' substring search index (migration 0800); PostgreSQL ships it as contrib.
  const pglite = await PGlite.create({
    dataDir: pgliteDir,
    parsers: PGLITE_PARSERS,
    serializers: PGLITE_SERIALIZERS,
    extensions: { pg_trgm },
    ...(loadDataDir && { loadDataDir }),
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  kinds.set(db, 'pglite');
  return {
    db,
    kind: 'pglite',
    close: once(() => db.destroy()),
    dataDir: pgliteDir && dataDir,
    dumpDataDir: () => pglite.dumpDataDir('none'),
  };
}

function createPostgresDb(databaseUrl: string, poolSize: number): DbHandle {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, types: pgTypeParsers() });
  // An idle client can lose its server (restart, dropped database); without a listener pg would crash the process.
  pool.on('error', (error) => {
    console.error('Conexión inactiva de PostgreSQL perdida:', error.message);
  });
  const allDisconnected = trackDisconnections(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  kinds.set(db, 'postgres');
  const close = async () => {
    await db.destroy();
    await allDisconnected();
  };
  return { db, kind: 'postgres', close: once(close), pool, url: databaseUrl };
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
