import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '../testing.js';
import { insertUser } from './users.repository.js';
import { releaseWorkSlot, spendWorkBudget, takeWorkSlot } from './work-budgets.repository.js';

describe('a user budget of expensive work', () => {
  let database: TestDatabase;
  let userId: number;
  let otherId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    const user = (name: string) =>
      insertUser(database.db, { username: name, email: `${name}@example.com`, password_hash: 'x', first_name: name, last_name: 'P' });
    userId = (await user('ana')).id;
    otherId = (await user('luis')).id;
  }, 60_000);

  afterAll(async () => {
    await database.drop();
  });

  it('lets a burst through, counts concurrent calls exactly, refuses the rest with the wait, and refills with time', async () => {
    const budget = { burst: 10, perSecond: 0.5 };
    const spends = await Promise.all(Array.from({ length: 25 }, () => spendWorkBudget(database.db, userId, 1, budget)));
    expect(spends.filter((spend) => spend.allowed)).toHaveLength(10);
    const refused = spends.find((spend) => !spend.allowed);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 2 });
    // Another user's bucket is his own.
    expect(await spendWorkBudget(database.db, otherId, 1, budget)).toEqual({ allowed: true });
    // Four seconds ago, as the clock would have it: two tokens back.
    await database.db
      .updateTable('user_work_budgets')
      .set({ updated_at: new Date(Date.now() - 4_000) })
      .where('user_id', '=', userId)
      .execute();
    expect(await spendWorkBudget(database.db, userId, 2, budget)).toEqual({ allowed: true });
    expect((await spendWorkBudget(database.db, userId, 1, budget)).allowed).toBe(false);
  });

  it('refuses a cost larger than the bucket can hold until it has refilled', async () => {
    const budget = { burst: 5, perSecond: 1 };
    await database.db.deleteFrom('user_work_budgets').execute();
    expect(await spendWorkBudget(database.db, userId, 4, budget)).toEqual({ allowed: true });
    expect(await spendWorkBudget(database.db, userId, 4, budget)).toEqual({ allowed: false, retryAfterSeconds: 3 });
  });

  it('holds at most the given slots per user, however many ask at once, and gives them back', async () => {
    const asked = await Promise.all(Array.from({ length: 12 }, () => takeWorkSlot(database.db, userId, 2, 60)));
    const held = asked.filter((slot) => slot !== null);
    expect(held.length).toBeGreaterThanOrEqual(1);
    expect(held.length).toBeLessThanOrEqual(2);
    // Asked one after another, the rest of the two go, and then none.
    for (let taken = held.length; taken < 2; taken += 1) expect(await takeWorkSlot(database.db, userId, 2, 60)).not.toBeNull();
    expect(await takeWorkSlot(database.db, userId, 2, 60)).toBeNull();
    // Another user's slots are his own.
    const others = await takeWorkSlot(database.db, otherId, 2, 60);
    expect(others).not.toBeNull();
    const [first] = held;
    if (!first) throw new Error('no slot was taken');
    // A wrong token frees nothing; the right one frees that slot, which the next call gets.
    await releaseWorkSlot(database.db, userId, { slot: first.slot, token: '00000000-0000-0000-0000-000000000000' });
    expect(await takeWorkSlot(database.db, userId, 2, 60)).toBeNull();
    await releaseWorkSlot(database.db, userId, first);
    expect((await takeWorkSlot(database.db, userId, 2, 60))?.slot).toBe(first.slot);
  });

  it('hands over a lease its replica left to expire, and then the old holder cannot free it', async () => {
    await database.db.deleteFrom('user_work_slots').execute();
    const dead = await takeWorkSlot(database.db, userId, 1, 60);
    expect(dead).not.toBeNull();
    expect(await takeWorkSlot(database.db, userId, 1, 60)).toBeNull();
    await database.db
      .updateTable('user_work_slots')
      .set({ held_until: new Date(Date.now() - 1_000) })
      .where('user_id', '=', userId)
      .execute();
    const next = await takeWorkSlot(database.db, userId, 1, 60);
    expect(next).toMatchObject({ slot: 0 });
    if (dead) await releaseWorkSlot(database.db, userId, dead);
    expect(await takeWorkSlot(database.db, userId, 1, 60)).toBeNull();
  });
});
