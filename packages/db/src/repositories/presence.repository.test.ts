import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing.js';
import {
  closeLiveConnection,
  closeReplicaConnections,
  deleteStaleLiveConnections,
  isUserOnline,
  listOnlineUserIds,
  openLiveConnection,
  refreshLiveConnections,
} from './presence.repository.js';
import { insertUser } from './users.repository.js';

describe('presence', () => {
  let testDb: TestDatabase;
  let ana: number;
  let bea: number;
  let carlos: number;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const make = (username: string) =>
      insertUser(testDb.db, { username, email: `${username}@example.com`, password_hash: 'x', first_name: username, last_name: 'P' });
    [ana, bea, carlos] = (await Promise.all([make('ana'), make('bea'), make('carlos')]).then((users) => users.map((u) => u.id))) as [
      number,
      number,
      number,
    ];
  }, 60_000);

  afterAll(async () => {
    await testDb.drop();
  });

  it('counts a user online while any replica holds a connection of theirs', async () => {
    expect(await listOnlineUserIds(testDb.db)).toEqual([]);
    await openLiveConnection(testDb.db, { id: 'c1', userId: ana, replicaId: 'r1' });
    await openLiveConnection(testDb.db, { id: 'c2', userId: ana, replicaId: 'r2' });
    await openLiveConnection(testDb.db, { id: 'c3', userId: bea, replicaId: 'r2' });
    expect(await listOnlineUserIds(testDb.db)).toEqual([ana, bea].sort((a, b) => a - b));
    expect(await isUserOnline(testDb.db, ana)).toBe(true);
    expect(await isUserOnline(testDb.db, carlos)).toBe(false);

    await closeLiveConnection(testDb.db, 'c1');
    expect(await isUserOnline(testDb.db, ana)).toBe(true);
    await closeReplicaConnections(testDb.db, 'r2');
    expect(await listOnlineUserIds(testDb.db)).toEqual([]);
  });

  it('expires connections whose replica stopped beating, and keeps those that beat', async () => {
    await openLiveConnection(testDb.db, { id: 'dead', userId: carlos, replicaId: 'gone' });
    await openLiveConnection(testDb.db, { id: 'alive', userId: bea, replicaId: 'here' });
    await sql`update live_connections set heartbeat_at = now() - interval '10 minutes'`.execute(testDb.db);
    expect(await isUserOnline(testDb.db, carlos)).toBe(false);

    await refreshLiveConnections(testDb.db, 'here', [{ id: 'alive', userId: bea }]);
    expect(await isUserOnline(testDb.db, bea)).toBe(true);
    await deleteStaleLiveConnections(testDb.db);
    expect(await listOnlineUserIds(testDb.db)).toEqual([bea]);
    const rows = await testDb.db.selectFrom('live_connections').select('id').execute();
    expect(rows.map((row) => row.id)).toEqual(['alive']);
  });

  it('writes back the rows of live connections that vanished (the table is unlogged)', async () => {
    await testDb.db.deleteFrom('live_connections').execute();
    await refreshLiveConnections(testDb.db, 'here', [{ id: 'back', userId: carlos }]);
    expect(await isUserOnline(testDb.db, carlos)).toBe(true);
    await closeReplicaConnections(testDb.db, 'here');
  });
});
