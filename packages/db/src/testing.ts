/** Throwaway databases for tests: in-memory or on-disk PGlite, and a fresh PostgreSQL database when TEST_DATABASE_URL is set. */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, IN_MEMORY_DATA_DIR, type DbHandle, type DbKind } from './create-db.js';
import { migrateToLatest } from './migrations/migrator.js';

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

export async function createTestDatabase(kind: DbKind, options: CreateTestDatabaseOptions = {}): Promise<TestDatabase> {
  const database = kind === 'postgres' ? await createPostgresTestDatabase() : await createPgliteTestDatabase(options);
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.drop();
    throw error;
  }
  return database;
}

function testDatabaseUrl(): string | undefined {
  return process.env['TEST_DATABASE_URL'] || undefined;
}

async function createPgliteTestDatabase(options: CreateTestDatabaseOptions): Promise<TestDatabase> {
  if (!options.onDisk) {
    const handle = await createDb({ dataDir: IN_MEMORY_DATA_DIR });
    return { ...handle, drop: () => handle.close() };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-test-'));
  const handle = await createDb({ dataDir });
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
  const name = `crm_test_${randomBytes(6).toString('hex')}`;
  await runAsAdmin(adminUrl, `create database ${pg.escapeIdentifier(name)}`);

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString(), poolSize: 5 });
  return {
    ...handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      await runAsAdmin(adminUrl, `drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    },
  };
}

/** Fails loudly when PostgreSQL is unreachable: a CI run that set TEST_DATABASE_URL must never skip. */
async function runAsAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`No se pudo conectar a TEST_DATABASE_URL (${redact(adminUrl)}).`, { cause: error });
  }
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function redact(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = '***';
  return url.toString();
}
