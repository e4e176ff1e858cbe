import { instantAt, leadSearchText, wallTime } from '@crm/domain';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../../test/harness.js';
import { trpcClientFor } from '../../../test/trpc-client.js';
import { deleteAllLeads } from '../../analytics/test-fixtures.js';

const MADRID = 'Europe/Madrid';
const EUR_TEAM = { country: 'ES', currency: 'EUR', locale: 'es-ES', timeZone: MADRID, workingDays: [1, 2, 3, 4, 5] };

interface Fixture {
  status?: 'nuevo' | 'interesado' | 'convertido' | 'perdido';
  amount?: string;
  currency?: string;
  convertedAt?: Date;
  createdAt?: Date;
  assignedTo?: number;
  name?: string;
}

describeWithServer('revenue and board values from deal amounts', (server) => {
  let admin: ApiClient;
  let sellerId: number;
  const sellerName = uniqueName('sel');
  const now = new Date();
  const { year, month } = wallTime(now, MADRID);
  // The first instant of this month on the team's clock (Madrid), and the last millisecond before it.
  const monthStart = instantAt({ year, month, day: 1, hour: 0, minute: 0 }, MADRID);
  const beforeMonth = new Date(monthStart.getTime() - 1);

  beforeAll(async () => {
    const name = uniqueName('adm');
    await createUser(server(), { username: name, systemRole: 'admin' });
    sellerId = (await createUser(server(), { username: sellerName, firstName: 'Marta', lastName: 'Gil' })).id;
    admin = await loginAs(server(), name);
    expect((await admin.put('/api/settings/team', EUR_TEAM)).status).toBe(200);
  });

  afterEach(async () => {
    await deleteAllLeads(server().ctx.db);
    await admin.put('/api/settings/team', EUR_TEAM);
  });

  async function insert(leads: Fixture[]): Promise<void> {
    await server()
      .ctx.db.insertInto('leads')
      .values(
        leads.map((lead, index) => ({
          name: lead.name ?? `Trato ${index}`,
          search_text: leadSearchText(lead.name ?? `Trato ${index}`, null),
          category: 'retail',
          status: lead.status ?? 'convertido',
          amount: lead.amount ?? null,
          currency: lead.amount === undefined ? null : (lead.currency ?? 'EUR'),
          assigned_to: lead.assignedTo ?? null,
          created_at: lead.createdAt ?? now,
          converted_at: (lead.status ?? 'convertido') === 'convertido' ? (lead.convertedAt ?? now) : null,
        })),
      )
      .execute();
  }

  it("sums this month's conversions: the amount, or the team's value per conversion without one", async () => {
    await insert([
      { amount: '1000.10' },
      { amount: '0.20' },
      {}, // no amount: 1500.00
      { convertedAt: monthStart, amount: '5' }, // the month's first instant is inside
      { convertedAt: beforeMonth, amount: '7777' }, // the last instant of the month before is not
      { status: 'interesado', amount: '999' }, // not converted
      { amount: '300', currency: 'USD' }, // another currency: left out, never converted at a made-up rate
    ]);
    const { body } = await admin.get('/api/dashboard/summary');
    expect(body.revenue.value).toBe('2505.30');
  });

  it("follows the team's value per conversion when it changes", async () => {
    await insert([{}, {}, { amount: '10' }]);
    expect((await admin.put('/api/settings/team', { ...EUR_TEAM, valuePerConversion: '2000.50' })).body.valuePerConversion).toBe('2000.50');
    expect((await admin.get('/api/dashboard/summary')).body.revenue.value).toBe('4011.00');
    const refused = await admin.put('/api/settings/team', { ...EUR_TEAM, valuePerConversion: '1e3' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Importe inválido');
  });

  it("counts a seller's own revenue on 'Mis leads' and in performance", async () => {
    await insert([{ assignedTo: sellerId, amount: '250.25' }, { assignedTo: sellerId }, { amount: '99' }]);
    const seller = (await admin.get('/api/analytics/performance')).body.find((entry: { id: number }) => entry.id === sellerId);
    expect(seller).toMatchObject({ converted: 2, revenue: '1750.25' });
    const sellerClient = await loginAs(server(), sellerName);
    expect((await sellerClient.get('/api/dashboard/summary?scope=mine')).body.revenue.value).toBe('1750.25');
    expect((await sellerClient.get('/api/dashboard/summary?scope=team')).body.revenue.value).toBe('1849.25');
  });

  it('sums the conversions of an analytics period, both ends included, per month and in total', async () => {
    await insert([
      { createdAt: new Date('2025-01-10T10:00:00Z'), convertedAt: new Date('2025-01-10T10:00:00Z'), amount: '100.01' },
      { createdAt: new Date('2025-02-27T10:00:00Z'), convertedAt: new Date('2025-02-28T12:00:00Z') },
      { createdAt: new Date('2025-03-02T10:00:00Z'), convertedAt: new Date('2025-03-02T10:00:00Z'), amount: '1' }, // after the period
    ]);
    const { body } = await admin.get('/api/analytics/report?period=custom&from=2025-01-10&to=2025-02-28');
    expect(body.months.map((row: { revenue: string }) => row.revenue)).toEqual(['100.01', '1500.00']);
    expect(body.totals.revenue).toBe('1600.01');
  });

  it("shows each board column's count and value, under the board's filters", async () => {
    const tag = uniqueName('col');
    await insert([
      { status: 'nuevo', amount: '10.05', name: `${tag} a` },
      { status: 'nuevo', name: `${tag} b` },
      { status: 'perdido', amount: '20', name: `${tag} c` },
      { status: 'convertido', amount: '30', currency: 'USD', name: `${tag} d` },
      { status: 'nuevo', amount: '5000', name: 'Otro' },
    ]);
    const board = (await admin.get(`/api/pipeline?q=${encodeURIComponent(tag)}`)).body;
    expect(
      board.columns.map(({ status, count, value }: { status: string; count: number; value: string }) => [status, count, value]),
    ).toEqual([
      ['nuevo', 2, '1510.05'],
      ['contactado', 0, '0.00'],
      ['interesado', 0, '0.00'],
      ['convertido', 1, '0.00'],
      ['perdido', 1, '20.00'],
    ]);
    const counts = await trpcClientFor(admin).pipeline.counts.query({ q: tag });
    expect(counts.columns[0]).toEqual({ status: 'nuevo', count: 2, value: '1510.05' });
  });
});
