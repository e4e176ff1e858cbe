/**
 * Throwaway databases for tests, each a fresh copy of one migrated template database, on the
 * PostgreSQL server at TEST_DATABASE_URL. When it is unset, the test run's global setup
 * (`startTestPostgres`) starts an embedded server in a temp folder and sets it, so a fresh machine
 * needs no system database.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, type DbHandle } from './create-db.js';
import { startEmbeddedServer } from './embedded/embedded-server.js';
import { migrateToLatest, migrationsFingerprint } from './migrations/migrator.js';

export interface TestDatabase extends DbHandle {
  /** Closes this handle and removes the database. Safe to call after `close()`. */
  drop(): Promise<void>;
}

/**
 * For vitest's globalSetup: the embedded server the whole run shares, unless TEST_DATABASE_URL names
 * one. Returns the teardown. fsync is off: a test database need not survive a crash.
 */
export async function startTestPostgres(): Promise<() => Promise<void>> {
  if (testDatabaseUrl()) return () => Promise.resolve();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-test-postgres-'));
  // mkdtemp makes it 0700; when the server runs as its own system user it must be able to enter.
  await chmod(dataDir, 0o755);
  const server = await startEmbeddedServer({ dataDir, whenOwned: 'refuse', durability: 'throwaway' });
  process.env['TEST_DATABASE_URL'] = server.urlFor('postgres');
  // Its backends are processes of this machine (tests of what only the embedded server allows).
  process.env['TEST_DATABASE_EMBEDDED'] = '1';
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

/** A migrated database that no one else uses, on TEST_DATABASE_URL's server (or `adminUrl`'s: a benchmark compares two). */
export async function createTestDatabase({ adminUrl = testDatabaseUrl() }: { adminUrl?: string } = {}): Promise<TestDatabase> {
  if (!adminUrl) {
    throw new Error('Las pruebas necesitan TEST_DATABASE_URL o el servidor de startTestPostgres (globalSetup de vitest).');
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

/** Per server (a benchmark compares two): the template's name once built. */
const templates = new Map<string, Promise<string>>();

/**
 * The name of a migrated database that test databases are created from (`create database …
 * template`). Processes that start together agree through an advisory lock: the first builds it
 * under a temporary name and renames it when done, so nobody copies a half-migrated one.
 */
function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  const known = templates.get(adminUrl);
  if (known) return known;
  const building = (async () => {
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
  templates.set(adminUrl, building);
  return building;
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

function testDatabaseUrl(): string | undefined {
  return process.env['TEST_DATABASE_URL'] || undefined;
}
