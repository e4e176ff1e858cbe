import { type ImportWriterSession, openImportWriterSession, lockLeadImports, lockLeadImportsForBatch } from '@crm/db';
import { type TestDatabase, createTestDatabase } from '@crm/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportWriterTurn } from './import-writer-turn.js';

/** Whether the promise settles within a tenth of a second (a lock wait that ends takes a few milliseconds). */
async function settlesSoon(promise: Promise<unknown>): Promise<boolean> {
  const late = Symbol('late');
  const outcome = await Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(late), 100))]);
  return outcome !== late;
}

describe('import writer turn', () => {
  let database: TestDatabase;
  const holds: ImportWriterSession[] = [];

  async function hold(): Promise<ImportWriterSession> {
    const held = await openImportWriterSession(database.url);
    holds.push(held);
    return held;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await Promise.all(holds.map((held) => held.release()));
    await database.drop();
  });

  it('lets one import write at a time: the other gets the turn once the batches under way end, then hands it back', async () => {
    const first = new ImportWriterTurn(await hold());
    const second = new ImportWriterTurn(await hold());
    await first.enter();
    await first.enter();
    const secondBatch = second.enter();
    expect(await settlesSoon(secondBatch)).toBe(false);
    // The second import waits: the first lets no new batch in, and gives the turn up when its last batch ends.
    await first.leave();
    const firstThirdBatch = first.enter();
    expect(await settlesSoon(secondBatch)).toBe(false);
    await first.leave();
    expect(await settlesSoon(secondBatch)).toBe(true);
    expect(await settlesSoon(firstThirdBatch)).toBe(false);
    await second.leave();
    expect(await settlesSoon(firstThirdBatch)).toBe(true);
    await first.leave();
    await Promise.all([first.end(), second.end()]);
  });

  it("runs the writer's batches together, and a single lead's write waits for the batches under way", async () => {
    const events: string[] = [];
    let endBatches: () => void = () => undefined;
    const batchesMayEnd = new Promise<void>((resolve) => (endBatches = resolve));
    const batch = (name: string) =>
      database.db.transaction().execute(async (trx) => {
        await lockLeadImportsForBatch(trx);
        events.push(`${name} writes`);
        await batchesMayEnd;
        events.push(`${name} ends`);
      });
    const batches = [batch('lote 1'), batch('lote 2')];
    await expect.poll(() => events.length).toBe(2);
    const singleLead = database.db.transaction().execute(async (trx) => {
      await lockLeadImports(trx);
      events.push('un lead');
    });
    expect(await settlesSoon(singleLead)).toBe(false);
    endBatches();
    await Promise.all([...batches, singleLead]);
    expect(events.slice(2).sort()).toEqual(['lote 1 ends', 'lote 2 ends', 'un lead'].sort());
    expect(events.at(-1)).toBe('un lead');
  });
});
