import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '../testing.js';
import { insertUser } from './users.repository.js';
import { spendWorkBudget } from './work-budgets.repository.js';

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
});
