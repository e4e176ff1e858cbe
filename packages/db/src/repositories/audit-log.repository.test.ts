import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '../testing.js';
import { insertAuditEntry, listAuditEntries, purgeAuditEntriesBefore } from './audit-log.repository.js';

const entry = (action: string, actorId: number | null = null) => ({
  actorId,
  actorName: actorId === null ? null : 'Ana P',
  apiTokenId: null,
  ip: '203.0.113.7',
  action,
  summary: 'Edita un usuario',
  targetType: 'user',
  targetId: '7',
  details: { role: { from: 'team_member', to: 'manager' } },
});

describe('the audit log', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);

  afterAll(async () => {
    await database.drop();
  });

  it('appends entries and reads them newest first, by pages and filters', async () => {
    for (const action of ['auth.login', 'users.update', 'users.delete', 'leads.export']) await insertAuditEntry(database.db, entry(action));
    const all = await listAuditEntries(database.db, { limit: 10 });
    expect(all.map((row) => row.action)).toEqual(['leads.export', 'users.delete', 'users.update', 'auth.login']);
    expect(all[0]?.details).toEqual({ role: { from: 'team_member', to: 'manager' } });
    const page = await listAuditEntries(database.db, { limit: 2, before: all[1]?.id });
    expect(page.map((row) => row.action)).toEqual(['users.update', 'auth.login']);
    expect((await listAuditEntries(database.db, { limit: 10, action: 'users.' })).map((row) => row.action)).toEqual([
      'users.delete',
      'users.update',
    ]);
    expect(await listAuditEntries(database.db, { limit: 10, action: 'users' })).toEqual([]);
    expect(await listAuditEntries(database.db, { limit: 10, from: new Date(Date.now() + 60_000) })).toEqual([]);
  });

  it('refuses any update or delete but the retention purge', async () => {
    await expect(sql`update audit_log set action = 'nada'`.execute(database.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(database.db)).rejects.toThrow(/append-only/);
    const before = (await listAuditEntries(database.db, { limit: 100 })).length;
    await sql`alter table audit_log disable trigger audit_log_append_only`.execute(database.db);
    await sql`update audit_log set at = now() - interval '400 days' where action = 'auth.login'`.execute(database.db);
    await sql`alter table audit_log enable trigger audit_log_append_only`.execute(database.db);
    expect(await purgeAuditEntriesBefore(database.db, new Date(Date.now() - 365 * 86_400_000))).toBe(1);
    expect(await listAuditEntries(database.db, { limit: 100 })).toHaveLength(before - 1);
  });
});
