import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { daysAgo, deleteAllLeads, insertLeads } from './test-fixtures.js';

/** Local midnight plus `ms`, the way the server reads custom dates. */
function localDay(year: number, month: number, day: number, ms = 0): Date {
  return new Date(new Date(year, month - 1, day).getTime() + ms);
}

function trpcInput(input: unknown): string {
  return encodeURIComponent(JSON.stringify({ json: input }));
}

describeWithServer('analytics report', (server) => {
  afterEach(async () => {
    await deleteAllLeads(server().ctx.db);
  });

  const admin = () => loginAs(server(), 'admin', 'admin-secreto');

  it('covers whole days of a custom period, both ends included, and nothing outside', async () => {
    const vendedor = await createUser(server(), { username: uniqueName('v'), firstName: 'Marta', lastName: 'Gil' });
    await insertLeads(server().ctx.db, [
      { assignedTo: vendedor.id, createdAt: localDay(2025, 3, 1) }, // first instant: in
      { assignedTo: vendedor.id, createdAt: localDay(2025, 3, 31, 86_399_999), status: 'convertido', convertedAt: localDay(2025, 4, 1) },
      { assignedTo: vendedor.id, createdAt: localDay(2025, 3, 1, -1), status: 'convertido', convertedAt: localDay(2025, 3, 15) },
      { assignedTo: vendedor.id, createdAt: localDay(2025, 4, 1) }, // day after the end: out
    ]);
    const client = await admin();
    const { status, body } = await client.get('/api/analytics/report?period=custom&from=2025-03-01&to=2025-03-31');
    expect(status).toBe(200);
    // Created in March: 2, one of them (the last instant's) now convertido. Conversions in March:
    // only the one on the 15th (a lead created in February), so it counts as converted but not in the rate.
    expect(body.months).toEqual([
      { month: '2025-03', created: 2, converted: 1, createdAndConverted: 1, conversionRate: 50, revenue: '1500.00' },
    ]);
    expect(body.totals).toEqual({ created: 2, converted: 1, createdAndConverted: 1, conversionRate: 50, revenue: '1500.00' });
    // Performance counts the member's leads created in the period: 2, one of them now convertido.
    expect(body.performance).toEqual([
      {
        id: vendedor.id,
        name: 'Marta Gil',
        initials: 'MG',
        assigned: 2,
        contacted: 1,
        converted: 1,
        revenue: '1500.00',
        conversionRate: 50,
      },
    ]);
  });

  it('lists every month of the period, empty ones with zeros, and rates each month on the leads created in it', async () => {
    await insertLeads(server().ctx.db, [
      { createdAt: localDay(2025, 1, 10) },
      { createdAt: localDay(2025, 1, 11) },
      { createdAt: localDay(2025, 1, 12) },
      { createdAt: localDay(2025, 1, 20), status: 'convertido', convertedAt: localDay(2025, 3, 2) },
    ]);
    const { body } = await (await admin()).get('/api/analytics/report?period=custom&from=2025-01-01&to=2025-03-31');
    expect(body.months).toEqual([
      { month: '2025-01', created: 4, converted: 0, createdAndConverted: 1, conversionRate: 25, revenue: '0.00' },
      { month: '2025-02', created: 0, converted: 0, createdAndConverted: 0, conversionRate: 0, revenue: '0.00' },
      { month: '2025-03', created: 0, converted: 1, createdAndConverted: 0, conversionRate: 0, revenue: '1500.00' },
    ]);
    expect(body.totals).toEqual({ created: 4, converted: 1, createdAndConverted: 1, conversionRate: 25, revenue: '1500.00' });
    expect(body.performance).toEqual([]);
  });

  it('changes its figures with the preset period', async () => {
    const vendedor = await createUser(server(), { username: uniqueName('v') });
    await insertLeads(server().ctx.db, [
      { assignedTo: vendedor.id, createdAt: daysAgo(5), status: 'contactado' },
      { assignedTo: vendedor.id, createdAt: daysAgo(60), status: 'convertido', convertedAt: daysAgo(50) },
      { assignedTo: vendedor.id, createdAt: daysAgo(200), status: 'interesado' },
      { assignedTo: vendedor.id, createdAt: daysAgo(500) },
    ]);
    const client = await admin();
    const totals = async (period: string) => (await client.get(`/api/analytics/report?period=${period}`)).body;
    const month = await totals('month');
    const quarter = await totals('quarter');
    const year = await totals('year');
    expect(month.totals).toEqual({ created: 1, converted: 0, createdAndConverted: 0, conversionRate: 0, revenue: '0.00' });
    expect(quarter.totals).toEqual({ created: 2, converted: 1, createdAndConverted: 1, conversionRate: 50, revenue: '1500.00' });
    expect(year.totals).toEqual({ created: 3, converted: 1, createdAndConverted: 1, conversionRate: 33.3, revenue: '1500.00' });
    for (const report of [month, quarter, year]) {
      for (const row of report.months) expect(row.conversionRate).toBeLessThanOrEqual(100);
    }
    expect(year.months.length).toBe(13);
    expect(month.performance[0]).toMatchObject({ assigned: 1, contacted: 1, converted: 0 });
    expect(year.performance[0]).toMatchObject({ assigned: 3, contacted: 3, converted: 1, conversionRate: 33.3 });
  });

  it('defaults to the last month, and answers over tRPC with the same figures', async () => {
    await insertLeads(server().ctx.db, [{ createdAt: daysAgo(2) }, { createdAt: daysAgo(45) }]);
    const client = await admin();
    const rest = await client.get('/api/analytics/report');
    expect(rest.body.totals.created).toBe(1);
    const trpc = await client.get(`/trpc/analytics.report?input=${trpcInput({ period: 'quarter' })}`);
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data.json.totals.created).toBe(2);
  });

  describe('refusals', () => {
    it('refuses managers and Vendedores (admin only) on both transports', async () => {
      for (const systemRole of ['manager', 'team_member'] as const) {
        const username = uniqueName(systemRole);
        await createUser(server(), { username, systemRole });
        const client = await loginAs(server(), username);
        const rest = await client.get('/api/analytics/report?period=year');
        expect(rest.status).toBe(403);
        expect(rest.body.message).toBe('No tienes permisos para realizar esta acción');
        expect((await client.get(`/trpc/analytics.report?input=${trpcInput({ period: 'year' })}`)).status).toBe(403);
      }
    });

    it('answers 401 without a session', async () => {
      expect((await new ApiClient(server().url).get('/api/analytics/report')).status).toBe(401);
    });

    it('answers a Spanish 400 for a bad period or dates', async () => {
      const client = await admin();
      const cases: [string, string][] = [
        ['period=week', 'Período inválido'],
        ['period=custom', 'Selecciona la fecha inicial'],
        ['period=custom&from=2025-03-10&to=2025-03-01', 'La fecha final debe ser posterior a la inicial'],
        ['period=custom&from=2025-02-30&to=2025-03-01', 'Fecha inválida'],
        ['period=custom&from=1900-01-01&to=2100-12-31', 'El período no puede superar los 10 años'],
        ['period=custom&from=2026-01-01&to=9999-12-31', 'La fecha debe estar entre los años 1900 y 2100'],
      ];
      for (const [query, message] of cases) {
        const response = await client.get(`/api/analytics/report?${query}`);
        expect(response.status, query).toBe(400);
        expect(response.body.message, query).toBe(message);
      }
      expect((await client.get(`/trpc/analytics.report?input=${trpcInput({ period: 'week' })}`)).status).toBe(400);
      const farOff = await client.get(
        `/trpc/analytics.report?input=${trpcInput({ period: 'custom', from: '2026-01-01', to: '9999-12-31' })}`,
      );
      expect(farOff.status).toBe(400);
    });
  });
});
