/** PUT /api/conversation-tracking/{id} and tracking.update change only the fields they name; the list narrows by lead. */
import { expect, it } from 'vitest';
import { createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { trpcClientFor } from '../../test/trpc-client.js';

describeWithServer('partial tracking updates', (server) => {
  it('keeps every field the body leaves out, over REST and tRPC', async () => {
    const username = uniqueName('seg');
    await createUser(server(), { username, systemRole: 'manager' });
    const client = await loginAs(server(), username);
    const lead = await client.post('/api/leads', {
      name: uniqueName('Lead '),
      email: `${uniqueName('t')}@e.es`,
      category: 'retail',
      description: 'd',
    });
    const created = await client.post('/api/conversation-tracking', {
      leadId: lead.body.id,
      progressLevel: 'mucho_progreso',
      messagesFromLead: 4,
      messagesToLead: 6,
      hasResponded: true,
      lastContactDate: '2026-03-02',
      notes: 'Pide presupuesto',
    });
    expect(created.status).toBe(201);
    const id = created.body.id;

    const onlyNotes = await client.put(`/api/conversation-tracking/${id}`, { notes: 'Llamar el lunes' });
    expect(onlyNotes.status).toBe(200);
    expect(onlyNotes.body).toEqual({ ...created.body, notes: 'Llamar el lunes' });

    const viaTrpc = await trpcClientFor(client).tracking.update.mutate({ id, data: { messagesToLead: 9 } });
    expect(viaTrpc).toEqual({ ...created.body, notes: 'Llamar el lunes', messagesToLead: 9 });

    // Naming a field still validates and may clear it.
    expect((await client.put(`/api/conversation-tracking/${id}`, { progressLevel: 'ganado' })).status).toBe(400);
    const cleared = await client.put(`/api/conversation-tracking/${id}`, { notes: null });
    expect(cleared.body).toMatchObject({ notes: null, messagesToLead: 9, progressLevel: 'mucho_progreso', hasResponded: true });

    // The list narrows to the leads named, one or several, as tracking.list does.
    const only = await client.get(`/api/conversation-tracking?leadIds=${lead.body.id}`);
    expect(only.body).toEqual([cleared.body]);
    expect((await client.get(`/api/conversation-tracking?leadIds=${lead.body.id}&leadIds=999999999`)).body).toEqual([cleared.body]);
    expect(await trpcClientFor(client).tracking.list.query({ leadIds: [lead.body.id] })).toEqual([cleared.body]);
    expect((await client.get('/api/conversation-tracking?leadIds=abc')).status).toBe(400);
  });
});
