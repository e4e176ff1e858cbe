import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { access, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createDb, migrateTo, migrateToLatest } from '@crm/db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movePgliteDataDir, type MoveLog } from './move-pglite.js';

/** Made by fixture/make-fixture.sh from the last version on PGlite. */
const FIXTURE = fileURLToPath(new URL('../fixture/pglite-33456ad.tar.gz', import.meta.url));

/** Values that must arrive exactly: bytes, a time to the microsecond, a jsonb document. */
const SAMPLES = {
  attachmentChunk: `select encode(sha256(data), 'hex') as value from chat_attachment_chunks order by attachment_id, seq limit 1`,
  profileImage: `select encode(sha256(data), 'hex') as value from profile_images order by user_id limit 1`,
  messageTime: `select created_at::text as value from chat_messages order by id desc limit 1`,
  historyChanges: `select changes::text as value from lead_history where changes <> '{}'::jsonb order by id desc limit 1`,
  savedViewFilters: `select filters::text as value from saved_views order by id limit 1`,
};

const temps: string[] = [];
const databases: { drop(): Promise<void> }[] = [];

async function unpackFixture(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-mover-'));
  temps.push(dataDir);
  await promisify(execFile)('tar', ['-xzf', FIXTURE, '-C', dataDir]);
  return dataDir;
}

/** An empty database of its own on the PostgreSQL that TEST_DATABASE_URL names. */
async function createEmptyDatabase(): Promise<string> {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl)
    throw new Error(
      'TEST_DATABASE_URL no está definida: estas pruebas necesitan un PostgreSQL (postgres://postgres@127.0.0.1:5432/postgres)',
    );
  const name = `crm_mover_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databases.push({
    drop: async () => {
      const client = new pg.Client(adminUrl);
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(url: string, body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query(`set timezone = 'UTC'`);
    return await body(client);
  } finally {
    await client.end();
  }
}

async function withMigrated<T>(url: string, body: (db: Awaited<ReturnType<typeof createDb>>['db']) => Promise<T>): Promise<T> {
  const handle = await createDb({ databaseUrl: url });
  try {
    return await body(handle.db);
  } finally {
    await handle.close();
  }
}

type Query = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;

const TABLES = `select table_name from information_schema.tables
  where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_migration%' order by table_name`;

async function rowCounts(query: Query): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { table_name } of (await query(TABLES)).rows) {
    const { rows } = await query(`select count(*)::int as count from "${String(table_name)}"`);
    counts[String(table_name)] = Number(rows[0]?.['count']);
  }
  return counts;
}

async function samples(query: Query): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  for (const [name, sql] of Object.entries(SAMPLES)) values[name] = (await query(sql)).rows[0]?.['value'];
  return values;
}

/** What the fixture holds, read from PGlite itself. */
async function readFixture(dataDir: string) {
  const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } });
  try {
    await pglite.query(`set timezone = 'UTC'`);
    const query: Query = (sql) => pglite.query(sql);
    const migrations = await pglite.query<{ name: string }>('select name from kysely_migration order by name');
    const leads = await pglite.query<{ last: number }>('select last_value::int as last from leads_id_seq');
    return {
      counts: await rowCounts(query),
      samples: await samples(query),
      lastMigration: migrations.rows.at(-1)?.name ?? '',
      leadsSequence: leads.rows[0]?.last ?? 0,
    };
  } finally {
    await pglite.close();
  }
}

function recordingLog(): MoveLog & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (message) => lines.push(message), warn: (message) => lines.push(message) };
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

let fixture: Awaited<ReturnType<typeof readFixture>>;

beforeAll(async () => {
  fixture = await readFixture(await unpackFixture());
});

afterAll(async () => {
  for (const database of databases) await database.drop();
  for (const dir of temps) await rm(dir, { recursive: true, force: true });
});

describe('movePgliteDataDir', () => {
  it('moves every table of the last PGlite version row for row, then sets the folder aside', async () => {
    const dataDir = await unpackFixture();
    const url = await createEmptyDatabase();
    const log = recordingLog();

    const moved = await movePgliteDataDir({ dataDir, databaseUrl: url, log });
    await withMigrated(url, migrateToLatest);

    const counts = await withClient(url, (client) => rowCounts((sql) => client.query(sql)));
    // Every table the old version had, row for row, but those a later migration drops (the import's
    // old helper tables, empty between imports); tables later migrations add start empty, but the
    // teams one builds from the managers' team names and the system roles' default lead visibility.
    const dropped = Object.keys(fixture.counts).filter((table) => !(table in counts));
    expect(dropped.map((table) => [table, fixture.counts[table]])).toEqual([
      ['import_job_keys', 0],
      ['import_job_updates', 0],
    ]);
    const kept = Object.keys(fixture.counts).filter((table) => table in counts);
    expect(Object.fromEntries(kept.map((table) => [table, counts[table]]))).toEqual(
      Object.fromEntries(kept.map((table) => [table, fixture.counts[table]])),
    );
    expect(Object.entries(counts).filter(([table, rows]) => !(table in fixture.counts) && rows > 0)).toEqual([
      ['role_lead_visibility', 3],
      ['teams', 2],
    ]);
    expect(Object.values(fixture.counts).filter((count) => count > 0).length).toBeGreaterThan(25);
    expect(moved).toEqual({
      movedTo: expect.stringMatching(/\/pglite\.migrated-\d{8}T\d{4}Z$/),
      tables: Object.keys(fixture.counts).length,
      rows: Object.values(fixture.counts).reduce((sum, count) => sum + count, 0),
    });
    expect(await withClient(url, (client) => samples((sql) => client.query(sql)))).toEqual(fixture.samples);
    expect(Object.values(fixture.samples)).toEqual(Object.keys(SAMPLES).map(() => expect.any(String)));

    const next = await withClient(url, async (client) => {
      const { rows } = await client.query<{ next: number; max: number }>(
        `select nextval('leads_id_seq')::int as next, (select max(id) from leads) as max`,
      );
      return rows[0];
    });
    expect(next?.next).toBe(fixture.leadsSequence + 1);
    expect(next?.next).toBeGreaterThan(next?.max ?? Infinity);

    expect(await readdir(dataDir)).toEqual([path.basename(moved?.movedTo ?? '')]);
    expect(log.lines.at(-1)).toContain(moved?.movedTo);
    expect(await movePgliteDataDir({ dataDir, databaseUrl: url, log })).toBeUndefined();
  });

  it('refuses a database that already has users, and leaves both as they were', async () => {
    const dataDir = await unpackFixture();
    const url = await createEmptyDatabase();
    await withMigrated(url, migrateToLatest);
    await withClient(url, (client) =>
      client.query(`insert into users (username, email, password_hash, first_name, last_name, system_role)
        values ('ana', 'ana@ejemplo.es', 'x', 'Ana', 'Ruiz', 'admin')`),
    );

    await expect(movePgliteDataDir({ dataDir, databaseUrl: url, log: recordingLog() })).rejects.toThrow(/ya tiene usuarios/);

    expect(await readdir(dataDir)).toEqual(['pglite']);
    expect(await exists(path.join(dataDir, 'pglite', 'en-uso.pid'))).toBe(false);
    const users = await withClient(url, (client) => client.query<{ username: string }>('select username from users'));
    expect(users.rows).toEqual([{ username: 'ana' }]);
  });

  it('rolls back a copy that fails half-way: no rows in the target, the folder in place', async () => {
    const dataDir = await unpackFixture();
    const url = await createEmptyDatabase();
    await withMigrated(url, (db) => migrateTo(db, fixture.lastMigration));
    // A rule the old rows break, on a table that sorts late: most tables are already copied when its COPY fails.
    await withClient(url, (client) => client.query('alter table saved_views add constraint refuses_rows check (false) not valid'));
    const before = await withClient(url, (client) => rowCounts((sql) => client.query(sql)));

    await expect(movePgliteDataDir({ dataDir, databaseUrl: url, log: recordingLog() })).rejects.toThrow(/saved_views/);

    expect(await withClient(url, (client) => rowCounts((sql) => client.query(sql)))).toEqual(before);
    expect(before['users']).toBe(0);
    expect(await readdir(dataDir)).toEqual(['pglite']);
  });

  it('refuses a PGlite folder with a migration this version does not know', async () => {
    const dataDir = await unpackFixture();
    const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } });
    await pglite.query(`insert into kysely_migration (name, timestamp) values ('2099-01-01T0000-del-futuro', now()::text)`);
    await pglite.close();
    const url = await createEmptyDatabase();

    await expect(movePgliteDataDir({ dataDir, databaseUrl: url, log: recordingLog() })).rejects.toThrow(
      /desconocida.*2099-01-01T0000-del-futuro/,
    );

    expect(await readdir(dataDir)).toEqual(['pglite']);
    const tables = await withClient(url, (client) => client.query(TABLES));
    expect(tables.rows).toEqual([]);
  });
});
