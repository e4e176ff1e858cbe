import { type ColumnType, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from './create-db.js';
import { createTestDatabase, type TestDatabase } from './testing.js';

type ValuesTable = {
  conn_values: { id: number; big: number; amount: ColumnType<string, number | string, number | string>; day: string; at: Date };
};

describe('createDb', () => {
  let testDb: TestDatabase;
  const db = () => testDb.db.withTables<ValuesTable>();

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await sql`create table conn_values (id integer primary key, big int8 not null, amount numeric(12, 2) not null, day date not null, at timestamptz not null)`.execute(
      testDb.db,
    );
  });

  afterAll(async () => {
    await testDb.drop();
  });

  it('has run the migrations', async () => {
    const { count } = await testDb.db
      .withTables<{ kysely_migration: { name: string } }>()
      .selectFrom('kysely_migration')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBeGreaterThan(0);
  });

  it('returns int8 and count(*) as numbers, numeric as exact text, date as text and timestamptz as Date', async () => {
    const at = new Date('2026-03-04T10:20:30.000Z');
    await db().insertInto('conn_values').values({ id: 1, big: 9_000_000_000, amount: 1234.5, day: '2026-03-04', at }).execute();

    const row = await db().selectFrom('conn_values').selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual({ id: 1, big: 9_000_000_000, amount: '1234.50', day: '2026-03-04', at });
    expect(row.at).toBeInstanceOf(Date);

    const { count } = await db()
      .selectFrom('conn_values')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(1);

    await db().deleteFrom('conn_values').execute();
  });

  it('stores and returns bytea byte for byte, a view of a larger buffer included', async () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, index) => (index * 37) % 256);
    const view = new Uint8Array(Buffer.concat([Buffer.from([9, 9, 9]), bytes]).buffer, 3, bytes.length);
    const { rows } = await sql<{
      data: Uint8Array;
      empty: Uint8Array;
    }>`select ${view}::bytea as data, ${new Uint8Array(0)}::bytea as empty`.execute(testDb.db);
    expect(rows[0]?.data).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(rows[0]?.data ?? []).equals(Buffer.from(bytes))).toBe(true);
    expect(rows[0]?.empty.length).toBe(0);
  });

  it('reports affected rows for insert, update and delete', async () => {
    const values = [1, 2, 3].map((id) => ({ id, big: id, amount: id, day: '2026-01-01', at: new Date() }));
    const [inserted] = await db().insertInto('conn_values').values(values).execute();
    expect(inserted?.numInsertedOrUpdatedRows).toBe(3n);

    const updated = await db().updateTable('conn_values').set({ amount: 0 }).where('id', '>', 1).executeTakeFirstOrThrow();
    expect(updated.numUpdatedRows).toBe(2n);

    const deleted = await db().deleteFrom('conn_values').executeTakeFirstOrThrow();
    expect(deleted.numDeletedRows).toBe(3n);
  });

  it('keeps a write made outside a transaction that rolls back', async () => {
    const trx = await db().startTransaction().execute();
    await trx.insertInto('conn_values').values({ id: 1, big: 1, amount: 1, day: '2026-01-01', at: new Date() }).execute();
    const outside = db().insertInto('conn_values').values({ id: 2, big: 2, amount: 2, day: '2026-01-02', at: new Date() }).execute();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await trx.rollback().execute();
    await outside;

    const rows = await db().selectFrom('conn_values').select('id').execute();
    expect(rows).toEqual([{ id: 2 }]);
    await db().deleteFrom('conn_values').execute();
  });
});

describe('createDb', () => {
  it('needs a database URL or a data dir', async () => {
    await expect(createDb({})).rejects.toThrow(/databaseUrl o dataDir/);
  });
});

describe('createTestDatabase', () => {
  it('creates a fresh database reachable at its url and drops it', async () => {
    const testDb = await createTestDatabase();
    const name = new URL(testDb.url).pathname.slice(1);
    expect(name).toMatch(/^crm_test_[0-9a-f]+$/);

    const viaUrl = await createDb({ databaseUrl: testDb.url });
    const { current } = await sql<{ current: string }>`select current_database() as current`
      .execute(viaUrl.db)
      .then((result) => result.rows[0] ?? { current: '' });
    expect(current).toBe(name);
    await viaUrl.close();

    await testDb.drop();
    const admin = new pg.Client({ connectionString: process.env['TEST_DATABASE_URL'] });
    await admin.connect();
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    await admin.end();
    expect(rowCount).toBe(0);
  });
});

describe('createDb, closing', () => {
  it('closes every pooled connection before close() resolves, so a forced drop right after finds none', async () => {
    const testDb = await createTestDatabase();
    const handle = await createDb({ databaseUrl: testDb.url });
    let opened = 0;
    let ended = 0;
    handle.pool.on('connect', (client) => {
      opened += 1;
      client.once('end', () => {
        ended += 1;
      });
    });
    // Several connections at once, all idle when the pool is closed.
    await Promise.all(Array.from({ length: 4 }, () => sql`select pg_sleep(0.02)`.execute(handle.db)));
    expect(opened).toBe(4);

    await handle.close();
    expect(ended).toBe(opened);
    await testDb.drop();
  });
});
