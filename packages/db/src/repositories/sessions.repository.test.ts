import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing.js';
import { deleteExpiredSessions, findSession, listValidSessionIds, SESSION_IDLE_MS } from './sessions.repository.js';
import { insertUser } from './users.repository.js';

describe('sessions', () => {
  let testDb: TestDatabase;
  let ana: number;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    ana = (
      await insertUser(testDb.db, { username: 'ana', email: 'ana@example.com', password_hash: 'x', first_name: 'Ana', last_name: 'P' })
    ).id;
  }, 60_000);

  afterAll(async () => {
    await testDb.drop();
  });

  /** One session of each kind: in use, past its absolute expiry, idle too long. */
  async function insertThreeSessions(prefix: string): Promise<void> {
    const idleSeconds = SESSION_IDLE_MS / 1000 + 60;
    await testDb.db
      .insertInto('sessions')
      .values([
        { id: `${prefix}-vigente`, user_id: ana, expires_at: new Date(Date.now() + 60_000) },
        { id: `${prefix}-caducada`, user_id: ana, expires_at: new Date(Date.now() - 60_000) },
        {
          id: `${prefix}-inactiva`,
          user_id: ana,
          expires_at: new Date(Date.now() + 60_000),
          last_seen_at: sql<Date>`now() - make_interval(secs => ${idleSeconds})`,
        },
      ])
      .execute();
  }

  it('tells which sessions are still valid: neither past their expiry nor idle too long', async () => {
    await insertThreeSessions('a');
    expect(await listValidSessionIds(testDb.db, ['a-vigente', 'a-caducada', 'a-inactiva', 'borrada'])).toEqual(['a-vigente']);
    expect(await listValidSessionIds(testDb.db, [])).toEqual([]);
    expect((await findSession(testDb.db, 'a-vigente'))?.valid).toBe(true);
    expect((await findSession(testDb.db, 'a-caducada'))?.valid).toBe(false);
    expect((await findSession(testDb.db, 'a-inactiva'))?.valid).toBe(false);
  });

  it('purges expired and idle sessions in bounded batches, keeping valid ones', async () => {
    await testDb.db.deleteFrom('sessions').execute();
    await insertThreeSessions('b');
    await insertThreeSessions('c');
    expect(await deleteExpiredSessions(testDb.db, 3)).toBe(3);
    expect(await deleteExpiredSessions(testDb.db, 3)).toBe(1);
    expect(await deleteExpiredSessions(testDb.db, 3)).toBe(0);
    const left = await testDb.db.selectFrom('sessions').select('id').orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual(['b-vigente', 'c-vigente']);
  });
});
