import { afterEach, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { daysAgo, deleteAllLeads, insertLeads } from './test-fixtures.js';

describeWithServer('performance entries', (server) => {
  afterEach(async () => {
    await deleteAllLeads(server().ctx.db);
  });

  it('counts assigned, contacted (contactado + interesado + convertido), converted, revenue and rate per member', async () => {
    const ana = await createUser(server(), { username: uniqueName('ana'), firstName: 'Ana', lastName: 'López' });
    const luis = await createUser(server(), { username: uniqueName('luis'), firstName: 'Luis', lastName: 'Pérez' });
    const idle = await createUser(server(), { username: uniqueName('idle') });
    await insertLeads(server().ctx.db, [
      { assignedTo: ana.id, status: 'convertido' },
      { assignedTo: ana.id, status: 'interesado' },
      { assignedTo: ana.id, status: 'nuevo' },
      { assignedTo: luis.id, status: 'contactado' },
      { assignedTo: luis.id, status: 'perdido' },
      { assignedTo: luis.id, status: 'convertido', createdAt: daysAgo(400) },
      { assignedTo: luis.id, status: 'convertido' },
      { status: 'convertido' }, // unassigned: nobody's figure
    ]);
    const client = await loginAs(server(), idle.username);
    const { status, body } = await client.get('/api/analytics/performance');
    expect(status).toBe(200);
    // Luis converts more, so he ranks first.
    expect(body).toEqual([
      { id: luis.id, name: 'Luis Pérez', initials: 'LP', assigned: 4, contacted: 3, converted: 2, revenue: '3000.00', conversionRate: 50 },
      { id: ana.id, name: 'Ana López', initials: 'AL', assigned: 3, contacted: 2, converted: 1, revenue: '1500.00', conversionRate: 33.3 },
    ]);
    expect(body.some((entry: { id: number }) => entry.id === idle.id)).toBe(false);
  });

  it('rounds the rate to one decimal and gives 0 for a member with nothing converted', async () => {
    const eva = await createUser(server(), { username: uniqueName('eva') });
    const max = await createUser(server(), { username: uniqueName('max') });
    await insertLeads(server().ctx.db, [
      ...Array.from({ length: 6 }, (_, i) => ({ assignedTo: eva.id, status: i < 4 ? ('convertido' as const) : ('nuevo' as const) })),
      { assignedTo: max.id, status: 'nuevo' },
    ]);
    const client = await loginAs(server(), 'admin', 'admin-secreto');
    const { body } = await client.get('/api/analytics/performance');
    expect(body.find((entry: { id: number }) => entry.id === eva.id).conversionRate).toBe(66.7);
    expect(body.find((entry: { id: number }) => entry.id === max.id)).toMatchObject({ converted: 0, revenue: '0.00', conversionRate: 0 });
  });

  it('is empty when no lead is assigned', async () => {
    await insertLeads(server().ctx.db, [{ status: 'convertido' }]);
    const client = await loginAs(server(), 'admin', 'admin-secreto');
    expect((await client.get('/api/analytics/performance')).body).toEqual([]);
  });

  it('is open to every role over tRPC too, but not to anonymous callers', async () => {
    const username = uniqueName('vend');
    await createUser(server(), { username });
    const client = await loginAs(server(), username);
    expect((await client.get('/trpc/analytics.performance')).status).toBe(200);
    const anonymous = new ApiClient(server().url);
    expect((await anonymous.get('/api/analytics/performance')).status).toBe(401);
    expect((await anonymous.get('/trpc/analytics.performance')).status).toBe(401);
  });
});
