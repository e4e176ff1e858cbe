/** 'Registrar llamada' / 'Registrar mensaje': POST /api/leads/:id/interactions and tracking.logInteraction. */
import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, createUser, describeWithServer, loginAs, uniqueName, uniquePhone } from '../../test/harness.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';

describeWithServer('lead interactions', (server) => {
  let manager: ApiClient;
  let seller: ApiClient;

  beforeAll(async () => {
    const names = { manager: uniqueName('man'), seller: uniqueName('ven') };
    await createUser(server(), { username: names.manager, systemRole: 'manager' });
    await createUser(server(), { username: names.seller });
    manager = await loginAs(server(), names.manager);
    seller = await loginAs(server(), names.seller);
  });

  async function newLead(): Promise<number> {
    const created = await manager.post('/api/leads', {
      name: uniqueName('Taller '),
      phone: uniquePhone(),
      category: 'retail',
      description: 'd',
    });
    return created.body.id;
  }

  it('counts calls and messages server-side, on both doors, and writes the history', async () => {
    const leadId = await newLead();
    const noAnswer = await seller.post(`/api/leads/${leadId}/interactions`, { kind: 'call', outcome: 'no_contesto' });
    expect(noAnswer.status).toBe(201);
    expect(noAnswer.body).toMatchObject({
      leadId,
      calls: 1,
      messagesToLead: 0,
      messagesFromLead: 0,
      hasResponded: false,
      progressLevel: 'sin_respuesta',
    });
    expect(noAnswer.body.lastContactDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const answered = await trpcClientFor(seller).tracking.logInteraction.mutate({
      leadId,
      interaction: { kind: 'call', outcome: 'contesto', note: 'Pide presupuesto' },
    });
    expect(answered).toMatchObject({ calls: 2, hasResponded: true });
    await seller.post(`/api/leads/${leadId}/interactions`, { kind: 'message_sent' });
    const received = await seller.post(`/api/leads/${leadId}/interactions`, { kind: 'message_received', note: 'Responde por WhatsApp' });
    expect(received.body).toMatchObject({ calls: 2, messagesToLead: 1, messagesFromLead: 1, hasResponded: true });
    // The spec's tracking calls answer the same record, with the new counter.
    const listed = await seller.get('/api/conversation-tracking');
    expect(listed.body.find((record: { leadId: number }) => record.leadId === leadId)).toEqual(received.body);
    const history = await seller.get(`/api/leads/${leadId}/history`);
    const types = history.body.map((entry: { type: string }) => entry.type);
    expect(types.filter((type: string) => type === 'call_logged')).toHaveLength(2);
    expect(types).toEqual(expect.arrayContaining(['message_sent', 'message_received']));
    const call = history.body.find((entry: { type: string; changes: { note?: string } }) => entry.changes.note === 'Pide presupuesto');
    expect(call.changes).toEqual({ outcome: 'contesto', note: 'Pide presupuesto' });
  });

  it('counts every call of two sellers calling at once', async () => {
    const leadId = await newLead();
    const calls = Array.from({ length: 6 }, (_, index) =>
      (index % 2 ? seller : manager).post(`/api/leads/${leadId}/interactions`, { kind: 'call', outcome: 'buzon' }),
    );
    expect((await Promise.all(calls)).map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const record = (await seller.get(`/api/leads/${leadId}`)).body.tracking;
    expect(record.calls).toBe(6);
  });

  it('refuses bad input in Spanish and an unknown lead with 404, writing nothing', async () => {
    const leadId = await newLead();
    const noOutcome = await seller.post(`/api/leads/${leadId}/interactions`, { kind: 'call' });
    expect(noOutcome.status).toBe(400);
    expect(noOutcome.body.message).toBe('Elige el resultado de la llamada');
    expect((await seller.post(`/api/leads/${leadId}/interactions`, { kind: 'fax' })).body.message).toBe('Tipo de registro inválido');
    const tooLong = await seller.post(`/api/leads/${leadId}/interactions`, { kind: 'message_sent', note: 'x'.repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect((await seller.post('/api/leads/999999/interactions', { kind: 'message_sent' })).status).toBe(404);
    const viaTrpc = await trpcFailure(
      trpcClientFor(seller).tracking.logInteraction.mutate({ leadId: 999999, interaction: { kind: 'call', outcome: 'contesto' } }),
    );
    expect(viaTrpc.data?.code).toBe('NOT_FOUND');
    expect((await seller.get(`/api/leads/${leadId}`)).body.tracking).toBeNull();
  });
});
