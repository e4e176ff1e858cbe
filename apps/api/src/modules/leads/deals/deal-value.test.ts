import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, describeWithServer, signInEveryRole, uniqueName, uniquePhone } from '../../../test/harness.js';
import { trpcClientFor } from '../../../test/trpc-client.js';

const EUR_TEAM = { country: 'ES', currency: 'EUR', locale: 'es-ES', timeZone: 'Europe/Madrid', workingDays: [1, 2, 3, 4, 5] };

describeWithServer('deal value on a lead', (server) => {
  let admin: ApiClient;
  let manager: ApiClient;
  let seller: ApiClient;
  let sellerId: number;

  beforeAll(async () => {
    ({ admin, manager, seller, sellerId } = await signInEveryRole(server()));
    expect((await admin.put('/api/settings/team', EUR_TEAM)).status).toBe(200);
  });

  async function newLead(fields: Record<string, unknown> = {}) {
    const response = await manager.post('/api/leads', {
      name: uniqueName('Trato '),
      phone: uniquePhone(),
      category: 'retail',
      description: 'Tienda',
      ...fields,
    });
    expect(response.status).toBe(201);
    return response.body;
  }

  it("creates a lead with an exact amount in the team's currency and an expected close date", async () => {
    const lead = await newLead({ amount: '999999999999.99', expectedCloseDate: '2026-12-31' });
    expect(lead).toMatchObject({ amount: '999999999999.99', currency: 'EUR', expectedCloseDate: '2026-12-31', lostReason: null });
    const plain = await newLead();
    expect(plain).toMatchObject({ amount: null, currency: null, expectedCloseDate: null });
  });

  it('keeps cents exactly, writes two decimals, and takes a whole JSON number', async () => {
    const lead = await newLead();
    expect((await manager.put(`/api/leads/${lead.id}`, { amount: '0.10' })).body.amount).toBe('0.10');
    expect((await manager.put(`/api/leads/${lead.id}`, { amount: '1234.5' })).body.amount).toBe('1234.50');
    expect((await manager.put(`/api/leads/${lead.id}`, { amount: 2500 })).body.amount).toBe('2500.00');
    expect((await manager.get(`/api/leads/${lead.id}`)).body).toMatchObject({ amount: '2500.00', currency: 'EUR' });
  });

  it.each([
    ['1e3', 'Importe inválido: usa cifras y, si hace falta, punto y dos decimales (1500.50)'],
    ['-5', 'El importe no puede ser negativo'],
    [-5, 'El importe no puede ser negativo'],
    ['1234567890123', 'El importe admite hasta 12 cifras enteras y 2 decimales'],
    ['10.123', 'El importe admite hasta 12 cifras enteras y 2 decimales'],
    [1500.5, 'Importe inválido: usa cifras y, si hace falta, punto y dos decimales (1500.50)'],
    ['1.500,00', 'Importe inválido: usa cifras y, si hace falta, punto y dos decimales (1500.50)'],
  ])('refuses the amount %j with a Spanish 400 and changes nothing', async (amount, message) => {
    const lead = await newLead({ amount: '100' });
    const response = await manager.put(`/api/leads/${lead.id}`, { amount, name: 'Cambiado' });
    expect(response.status).toBe(400);
    expect(response.body.issues?.[0]?.message ?? response.body.message).toBe(message);
    expect((await manager.get(`/api/leads/${lead.id}`)).body).toMatchObject({ amount: '100.00', name: lead.name });
  });

  it('refuses a bad currency or close date in Spanish', async () => {
    const lead = await newLead();
    const currency = await manager.put(`/api/leads/${lead.id}`, { amount: '5', currency: 'EURO' });
    expect(currency.status).toBe(400);
    expect(JSON.stringify(currency.body)).toContain('Moneda inválida');
    const date = await manager.put(`/api/leads/${lead.id}`, { expectedCloseDate: '2026-02-30' });
    expect(date.status).toBe(400);
    expect(JSON.stringify(date.body)).toContain('Fecha inválida');
  });

  it('keeps an amount in another currency, and clearing the amount clears its currency', async () => {
    const lead = await newLead();
    expect((await manager.put(`/api/leads/${lead.id}`, { amount: '300', currency: 'usd' })).body).toMatchObject({
      amount: '300.00',
      currency: 'USD',
    });
    // A currency alone on a lead without an amount has nothing to label.
    const bare = await newLead();
    expect((await manager.put(`/api/leads/${bare.id}`, { currency: 'USD' })).body).toMatchObject({ amount: null, currency: null });
    expect((await manager.put(`/api/leads/${lead.id}`, { amount: null })).body).toMatchObject({ amount: null, currency: null });
  });

  it('writes a history entry for each change, old → new, in the same call', async () => {
    const lead = await newLead({ amount: '1000' });
    await manager.put(`/api/leads/${lead.id}`, { amount: '1250.75', expectedCloseDate: '2027-01-15' });
    await manager.put(`/api/leads/${lead.id}`, { status: 'perdido', lostReason: 'Eligió a la competencia' });
    const history = (await manager.get(`/api/leads/${lead.id}/history`)).body;
    const edited = history.filter((entry: { type: string }) => entry.type === 'edited');
    expect(edited.map((entry: { changes: unknown }) => entry.changes)).toEqual([
      { lostReason: { from: null, to: 'Eligió a la competencia' } },
      { amount: { from: '1000.00', to: '1250.75' }, expectedCloseDate: { from: null, to: '2027-01-15' } },
    ]);
    expect(history.some((entry: { type: string; changes: { status?: { to: string } } }) => entry.changes.status?.to === 'perdido')).toBe(
      true,
    );
  });

  it('lets a Vendedor give the lost reason when they lose their own lead, but not edit the deal', async () => {
    const lead = await newLead({ assignedTo: sellerId, amount: '800' });
    const refused = await seller.put(`/api/leads/${lead.id}`, { amount: '900' });
    expect(refused.status).toBe(403);
    const alone = await seller.put(`/api/leads/${lead.id}`, { lostReason: 'Sin presupuesto' });
    expect(alone.status).toBe(403);
    const lost = await seller.put(`/api/leads/${lead.id}`, { status: 'perdido', lostReason: 'Sin presupuesto' });
    expect(lost.status).toBe(200);
    expect(lost.body).toMatchObject({ status: 'perdido', lostReason: 'Sin presupuesto', amount: '800.00' });
    // The reason is asked, not required: losing without one works too.
    const other = await newLead({ assignedTo: sellerId });
    expect((await seller.put(`/api/leads/${other.id}`, { status: 'perdido' })).body).toMatchObject({ status: 'perdido', lostReason: null });
  });

  it('takes the same fields over tRPC', async () => {
    const trpc = trpcClientFor(manager);
    const created = await trpc.leads.create.mutate({
      name: uniqueName('Trpc '),
      phone: uniquePhone(),
      email: null,
      assignedTo: null,
      category: 'salud',
      description: 'Clínica',
      amount: '42.42',
    });
    expect(created).toMatchObject({ amount: '42.42', currency: 'EUR', tags: [] });
    const updated = await trpc.leads.update.mutate({ id: created.id, data: { expectedCloseDate: '2027-03-01', amount: '40' } });
    expect(updated).toMatchObject({ amount: '40.00', expectedCloseDate: '2027-03-01' });
  });
});
