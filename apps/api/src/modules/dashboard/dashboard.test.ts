import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { daysAgo, deleteAllLeads, insertLeads } from '../analytics/test-fixtures.js';

describeWithServer('dashboard summary', (server) => {
  afterEach(async () => {
    await deleteAllLeads(server().ctx.db);
  });

  it('answers zeros and hides every trend when there are no leads', async () => {
    const username = uniqueName('vend');
    await createUser(server(), { username });
    const client = await loginAs(server(), username);
    const { status, body } = await client.get('/api/dashboard/summary');
    expect(status).toBe(200);
    expect(body.totalLeads).toEqual({ value: 0, trend: null });
    expect(body.convertedLeads).toEqual({ value: 0, trend: null });
    expect(body.revenue).toEqual({ value: '0.00', trend: null });
    expect(body.teamMembers.value).toBeGreaterThanOrEqual(2);
  });

  it('counts leads, conversions and revenue with trends against the previous 30 days', async () => {
    await insertLeads(server().ctx.db, [
      // Created in the last 30 days: 4 (one of them converted 2 days ago).
      { createdAt: daysAgo(1) },
      { createdAt: daysAgo(10), status: 'contactado' },
      { createdAt: daysAgo(29) },
      { createdAt: daysAgo(20), status: 'convertido', convertedAt: daysAgo(2) },
      // Created in the 30 days before: 2 (one converted 5 days ago, one 45 days ago).
      { createdAt: daysAgo(31), status: 'convertido', convertedAt: daysAgo(5) },
      { createdAt: daysAgo(59), status: 'convertido', convertedAt: daysAgo(45) },
      // Older: neither window.
      { createdAt: daysAgo(90), status: 'convertido', convertedAt: daysAgo(80) },
      { createdAt: daysAgo(120), status: 'perdido' },
    ]);
    const username = uniqueName('vend');
    await createUser(server(), { username });
    const client = await loginAs(server(), username);
    const { body } = await client.get('/api/dashboard/summary');
    expect(body.totalLeads).toEqual({ value: 8, trend: 100 }); // 4 against 2
    // Conversions: 2 in the window, 1 in the previous one.
    expect(body.convertedLeads).toEqual({ value: 4, trend: 100 });
    // Revenue: 2 × 1500 in the window against 1 × 1500 (its value, this month's, is tested in deal-revenue.test.ts).
    expect(body.revenue.trend).toBe(100);
  });

  it('reports a fall as a negative trend', async () => {
    await insertLeads(server().ctx.db, [
      { createdAt: daysAgo(3) },
      { createdAt: daysAgo(35) },
      { createdAt: daysAgo(40) },
      { createdAt: daysAgo(50) },
      { createdAt: daysAgo(55), status: 'convertido', convertedAt: daysAgo(40) },
    ]);
    const client = await loginAs(server(), 'admin', 'admin-secreto');
    const { body } = await client.get('/api/dashboard/summary');
    expect(body.totalLeads).toEqual({ value: 5, trend: -75 }); // 1 against 4
    expect(body.convertedLeads).toEqual({ value: 1, trend: -100 }); // 0 against 1
  });

  it('counts every user and those seen in the last 24 hours', async () => {
    const db = server().ctx.db;
    const before = await (await loginAs(server(), 'admin', 'admin-secreto')).get('/api/dashboard/summary');
    const away = await createUser(server(), { username: uniqueName('lejos') });
    await db
      .updateTable('users')
      .set({ last_seen_at: daysAgo(2) })
      .where('id', '=', away.id)
      .execute();
    const seen = await createUser(server(), { username: uniqueName('cerca') });
    await db
      .updateTable('users')
      .set({ last_seen_at: daysAgo(0.5) })
      .where('id', '=', seen.id)
      .execute();
    const after = await (await loginAs(server(), 'admin', 'admin-secreto')).get('/api/dashboard/summary');
    expect(after.body.teamMembers.value).toBe(before.body.teamMembers.value + 2);
    expect(after.body.teamMembers.active).toBe(before.body.teamMembers.active + 1);
  });

  it('counts a member who just signed in as active', async () => {
    const admin = await loginAs(server(), 'admin', 'admin-secreto');
    const before = (await admin.get('/api/dashboard/summary')).body.teamMembers;
    const username = uniqueName('nuevo');
    await createUser(server(), { username });
    expect((await admin.get('/api/dashboard/summary')).body.teamMembers).toEqual({ value: before.value + 1, active: before.active });
    await loginAs(server(), username);
    expect((await admin.get('/api/dashboard/summary')).body.teamMembers).toEqual({ value: before.value + 1, active: before.active + 1 });
  });

  it('answers the same over tRPC', async () => {
    // Converted just now: inside this month whatever the day the test runs.
    await insertLeads(server().ctx.db, [{ createdAt: new Date(), status: 'convertido' }]);
    const client = await loginAs(server(), 'admin', 'admin-secreto');
    const { status, body } = await client.get('/trpc/dashboard.summary');
    expect(status).toBe(200);
    expect(body.result.data.json.convertedLeads.value).toBe(1);
    expect(body.result.data.json.revenue.value).toBe('1500.00');
  });

  describe('refusals', () => {
    it('answers 401 without a session, on both transports', async () => {
      const anonymous = new ApiClient(server().url);
      expect((await anonymous.get('/api/dashboard/summary')).status).toBe(401);
      expect((await anonymous.get('/trpc/dashboard.summary')).status).toBe(401);
    });
  });
});
