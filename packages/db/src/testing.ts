/**
 * Throwaway databases for tests: in-memory or on-disk PGlite, and a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set. Each starts as a copy of one migrated database, built once per set of
 * migrations (see migrationsFingerprint): creating an empty PGlite and migrating it took seconds of
 * CPU per test file, on a 2-core CI machine where some hundred files each want one.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, IN_MEMORY_DATA_DIR, type DbHandle, type DbKind } from './create-db.js';
import { migrateToLatest, migrationsFingerprint } from './migrations/migrator.js';

export interface CreateTestDatabaseOptions {
  /** PGlite only: keep the files in a temp dir so a separately started server can open them after `close()`. */
  onDisk?: boolean;
}

export interface TestDatabase extends DbHandle {
  /** postgres: the DATABASE_URL a server process would be given. */
  url?: string;
  /** pglite on disk: the DATA_DIR a server process would be given (PGlite lives in `<dataDir>/pglite`). */
  dataDir?: string;
  /** Closes this handle and removes the database (or the temp dir). Safe to call after `close()`. */
  drop(): Promise<void>;
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set, so CI covers both. */
export function listTestDatabases(): DbKind[] {
  return testDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite'];
}

/** A migrated database of that kind that no one else uses. */
export async function createTestDatabase(kind: DbKind, options: CreateTestDatabaseOptions = {}): Promise<TestDatabase> {
  return kind === 'postgres' ? createPostgresTestDatabase() : createPgliteTestDatabase(options);
}

function testDatabaseUrl(): string | undefined {
  return process.env['TEST_DATABASE_URL'] || undefined;
}

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * The migrated PGlite data directory as a tar, kept in the temp folder so the other test processes
 * (vitest's workers) load it too. Written under a temporary name and renamed, so a reader never
 * sees half a file; two processes that build it at once both write the same thing.
 */
function migratedPgliteDataDir(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const file = path.join(os.tmpdir(), `crm-test-pglite-${migrationsFingerprint()}.tar`);
    const saved = await readFile(file).catch(() => undefined);
    if (saved) return new Blob([saved]);
    const handle = await createDb({ dataDir: IN_MEMORY_DATA_DIR });
    try {
      await migrateToLatest(handle.db);
      if (!handle.dumpDataDir) throw new Error('PGlite debería poder volcar su directorio de datos');
      const dump = await handle.dumpDataDir();
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
      await rename(partial, file);
      return dump;
    } finally {
      await handle.close();
    }
  })();
  return pgliteTemplate;
}

async function createPgliteTestDatabase(options: CreateTestDatabaseOptions): Promise<TestDatabase> {
  const loadDataDir = await migratedPgliteDataDir();
  if (!options.onDisk) {
    const handle = await createDb({ dataDir: IN_MEMORY_DATA_DIR, loadDataDir });
    return { ...handle, drop: () => handle.close() };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-test-'));
  const handle = await createDb({ dataDir, loadDataDir });
  return {
    ...handle,
    dataDir,
    drop: async () => {
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function createPostgresTestDatabase(): Promise<TestDatabase> {
  const adminUrl = testDatabaseUrl();
  if (!adminUrl) {
    throw new Error('Las pruebas en PostgreSQL necesitan TEST_DATABASE_URL.');
  }
  const template = await migratedPostgresTemplate(adminUrl);
  const name = `crm_test_${randomBytes(6).toString('hex')}`;
  await runAsAdmin(adminUrl, `create database ${pg.escapeIdentifier(name)} template ${pg.escapeIdentifier(template)}`);
  const url = databaseUrl(adminUrl, name);
  const handle = await createDb({ databaseUrl: url, poolSize: 5 });
  return {
    ...handle,
    url,
    drop: async () => {
      await handle.close();
      await runAsAdmin(adminUrl, `drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    },
  };
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let postgresTemplate: Promise<string> | undefined;

/**
 * The name of a migrated database that test databases are created from (`create database …
 * template`). Processes that start together agree through an advisory lock: the first builds it
 * under a temporary name and renames it when done, so nobody copies a half-migrated one.
 */
function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const template = `crm_test_template_${migrationsFingerprint()}`;
    const admin = await connectAsAdmin(adminUrl);
    try {
      const exists = async () => (await admin.query('select 1 from pg_database where datname = $1', [template])).rowCount === 1;
      if (await exists()) return template;
      await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
      if (await exists()) return template;
      const building = `${template}_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${pg.escapeIdentifier(building)}`);
      const handle = await createDb({ databaseUrl: databaseUrl(adminUrl, building), poolSize: 1 });
      try {
        await migrateToLatest(handle.db);
      } catch (error) {
        await handle.close();
        await admin.query(`drop database if exists ${pg.escapeIdentifier(building)} with (force)`);
        throw error;
      }
      await handle.close();
      await admin.query(`alter database ${pg.escapeIdentifier(building)} rename to ${pg.escapeIdentifier(template)}`);
      return template;
    } finally {
      await admin.end();
    }
  })();
  return postgresTemplate;
}

/** Fails loudly when PostgreSQL is unreachable: a CI run that set TEST_DATABASE_URL must never skip. */
async function runAsAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = await connectAsAdmin(adminUrl);
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function connectAsAdmin(adminUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`No se pudo conectar a TEST_DATABASE_URL (${redact(adminUrl)}).`, { cause: error });
  }
  return client;
}

function redact(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = '***';
  return url.toString();
}
