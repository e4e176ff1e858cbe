import { stat } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runAsBackgroundWork } from './background-work.js';
import { PGliteDialect } from './pglite-dialect.js';

interface TestTables {
  items: { id: number; label: string };
  counter: { id: number; value: number };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PGliteDialect', () => {
  let pglite: PGlite;
  let db: Kysely<TestTables>;

  beforeAll(async () => {
    pglite = await PGlite.create();
    db = new Kysely<TestTables>({ dialect: new PGliteDialect({ pglite }) });
  });

  afterAll(async () => {
    await db.destroy();
  });

  beforeEach(async () => {
    await db.schema.dropTable('items').ifExists().execute();
    await db.schema.dropTable('counter').ifExists().execute();
    await db.schema
      .createTable('items')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('label', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('counter')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('value', 'integer', (c) => c.notNull())
      .execute();
    await db.insertInto('counter').values({ id: 1, value: 0 }).execute();
  });

  it('reports affected rows for insert, update and delete', async () => {
    const [inserted] = await db
      .insertInto('items')
      .values([
        { id: 1, label: 'a' },
        { id: 2, label: 'b' },
        { id: 3, label: 'c' },
      ])
      .execute();
    expect(inserted?.numInsertedOrUpdatedRows).toBe(3n);

    const updated = await db.updateTable('items').set({ label: 'x' }).where('id', '<=', 2).executeTakeFirstOrThrow();
    expect(updated.numUpdatedRows).toBe(2n);

    const deleted = await db.deleteFrom('items').where('id', '=', 3).executeTakeFirstOrThrow();
    expect(deleted.numDeletedRows).toBe(1n);

    const none = await db.deleteFrom('items').where('id', '=', 99).executeTakeFirstOrThrow();
    expect(none.numDeletedRows).toBe(0n);
  });

  it('makes a query outside an open transaction wait, so a rollback does not lose it', async () => {
    const trx = await db.startTransaction().execute();
    await trx.insertInto('items').values({ id: 1, label: 'rolled back' }).execute();

    let outsideFinished = false;
    const outside = db
      .insertInto('items')
      .values({ id: 2, label: 'kept' })
      .execute()
      .then(() => {
        outsideFinished = true;
      });
    await pause(50);
    expect(outsideFinished).toBe(false);

    await trx.rollback().execute();
    await outside;

    const rows = await db.selectFrom('items').select(['id', 'label']).execute();
    expect(rows).toEqual([{ id: 2, label: 'kept' }]);
  });

  it('runs concurrent transactions one after the other', async () => {
    const events: string[] = [];
    const increment = (name: string) =>
      db.transaction().execute(async (trx) => {
        events.push(`${name}:start`);
        const { value } = await trx.selectFrom('counter').select('value').where('id', '=', 1).executeTakeFirstOrThrow();
        await pause(20);
        await trx
          .updateTable('counter')
          .set({ value: value + 1 })
          .where('id', '=', 1)
          .execute();
        events.push(`${name}:end`);
      });

    await Promise.all([increment('a'), increment('b')]);

    expect(events).toEqual(['a:start', 'a:end', 'b:start', 'b:end']);
    const { value } = await db.selectFrom('counter').select('value').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(value).toBe(2);
  });

  it('rolls back a failed transaction and keeps serving queries', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 1, label: 'a' }).execute();
        await trx.insertInto('items').values({ id: 1, label: 'duplicate' }).execute();
      }),
    ).rejects.toThrow(/duplicate key/);

    const { count } = await db
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(0);
  });

  it('rolls back to a savepoint inside a transaction', async () => {
    const trx = await db.startTransaction().execute();
    await trx.insertInto('items').values({ id: 1, label: 'kept' }).execute();
    const savepoint = await trx.savepoint('before second').execute();
    await savepoint.insertInto('items').values({ id: 2, label: 'undone' }).execute();
    const afterRollback = await savepoint.rollbackToSavepoint('before second').execute();
    await afterRollback.commit().execute();

    const rows = await db.selectFrom('items').select('id').execute();
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('lets the event loop turn during a long run of back-to-back queries', async () => {
    // PGlite settles each query within microtasks: without the driver's yield, neither callback
    // would run before the loop ended, and a server would read no request meanwhile.
    const ran = { immediate: false, timer: false };
    setImmediate(() => (ran.immediate = true));
    setTimeout(() => (ran.timer = true), 0);
    let queries = 0;
    while (!(ran.immediate && ran.timer) && queries < 20_000) {
      await sql`select ${queries}::int`.execute(db);
      queries += 1;
    }
    expect(ran).toEqual({ immediate: true, timer: true });
    expect(queries).toBeLessThan(20_000);
  });

  it('serves a request read during such a run before the run queries again', async () => {
    let loopQueries = 0;
    let running = true;
    const loop = (async () => {
      while (running && loopQueries < 20_000) {
        await sql`select 1`.execute(db);
        loopQueries += 1;
      }
    })();
    // An I/O callback runs where a server reads its requests: when the loop yields, before it resumes.
    const [readAt, answeredAt] = await new Promise<[number, number]>((resolve) =>
      stat(import.meta.filename, () => {
        const readAt = loopQueries;
        void sql`select 2`.execute(db).then(() => resolve([readAt, loopQueries]));
      }),
    );
    running = false;
    await loop;
    expect(readAt).toBeLessThan(20_000);
    expect(answeredAt).toBe(readAt);
  });

  it("runs a request's queries back to back ahead of background transactions", async () => {
    let running = true;
    const background = runAsBackgroundWork(async () => {
      while (running) {
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('counter')
            .set({ value: sql`value + 1` })
            .where('id', '=', 1)
            .execute();
          await sql`select pg_sleep(0.002)`.execute(trx);
        });
      }
    });
    await pause(20);
    // A request of several queries: with one line for everyone, a background transaction would
    // commit between each two of them.
    const seen: number[] = [];
    for (let query = 0; query < 4; query += 1) {
      const { value } = await db.selectFrom('counter').select('value').where('id', '=', 1).executeTakeFirstOrThrow();
      seen.push(value);
    }
    const afterRequest = await pause(20).then(() => db.selectFrom('counter').select('value').executeTakeFirstOrThrow());
    running = false;
    await background;
    expect(seen[0]).toBeGreaterThan(0);
    expect(seen).toEqual([seen[0], seen[0], seen[0], seen[0]]);
    // The background work went on once the request was answered.
    expect(afterRequest.value).toBeGreaterThan(seen[0] ?? 0);
  });

  it('lets background work through when requests never stop coming', async () => {
    let running = true;
    const requests = Array.from({ length: 3 }, async () => {
      while (running) await sql`select pg_sleep(0.005)`.execute(db);
    });
    await pause(20);
    const job = runAsBackgroundWork(async () => {
      for (let step = 0; step < 3; step += 1) {
        await db
          .updateTable('counter')
          .set({ value: sql`value + 1` })
          .where('id', '=', 1)
          .execute();
      }
    });
    // Without a bound on its wait, the job would never get the connection while the requests run.
    await job;
    running = false;
    await Promise.all(requests);
    const { value } = await db.selectFrom('counter').select('value').executeTakeFirstOrThrow();
    expect(value).toBe(3);
  });

  it('refuses streaming with a clear error', async () => {
    const stream = db.selectFrom('items').selectAll().stream();
    await expect(stream.next()).rejects.toThrow(/streaming/);
  });

  it('closes PGlite on destroy', async () => {
    const own = await PGlite.create();
    const ownDb = new Kysely<TestTables>({ dialect: new PGliteDialect({ pglite: own }) });
    await sql`select 1`.execute(ownDb);
    await ownDb.destroy();
    expect(own.closed).toBe(true);
  });
});
