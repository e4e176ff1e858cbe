/** Deleting a user is a deactivation: what leaves with them and what stays, over HTTP on both databases. */
import { expect, it } from 'vitest';
import { createLiveTrpc } from '../../test/live-client.js';
import { type ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { trpcClientFor } from '../../test/trpc-client.js';

const ids = (list: { id: number }[]) => list.map((item) => item.id);

describeWithServer('deleting a user deactivates them', (server) => {
  async function person(role: 'admin' | 'manager' | 'team_member' = 'team_member') {
    const username = uniqueName(role.replace('_', ''));
    const user = await createUser(server(), { username, systemRole: role, firstName: 'Sofía', lastName: uniqueName('Baja') });
    return { user, username, client: await loginAs(server(), username) };
  }

  async function lead(admin: ApiClient, assignedTo: number, status?: string): Promise<number> {
    const created = await admin.post('/api/leads', {
      name: uniqueName('Lead baja '),
      email: `${uniqueName('b')}@empresa.es`,
      category: 'salud',
      description: 'Clínica',
      assignedTo,
    });
    expect(created.status).toBe(201);
    if (status) expect((await admin.put(`/api/leads/${created.body.id}`, { status })).status).toBe(200);
    return created.body.id;
  }

  /** A seller with two open leads, one converted, one lost, and a conversation with a colleague. */
  async function sellerWithHistory(admin: ApiClient) {
    const seller = await person();
    const colleague = await person();
    const open = [await lead(admin, seller.user.id), await lead(admin, seller.user.id, 'interesado')];
    const converted = await lead(admin, seller.user.id, 'convertido');
    const lost = await lead(admin, seller.user.id, 'perdido');
    expect(
      (await seller.client.post('/api/chat/messages', { receiverId: colleague.user.id, message: 'Te paso mis clientes' })).status,
    ).toBe(201);
    expect((await colleague.client.post('/api/chat/messages', { receiverId: seller.user.id, message: 'Gracias' })).status).toBe(201);
    return { seller, colleague, open, converted, lost };
  }

  async function assigneeOf(leadId: number): Promise<number | null> {
    const row = await server().ctx.db.selectFrom('leads').select('assigned_to').where('id', '=', leadId).executeTakeFirstOrThrow();
    return row.assigned_to;
  }

  it('hands the open leads to the colleague named, keeps messages and conversions, and removes the person from every list', async () => {
    const admin = await person('admin');
    const { seller, colleague, open, converted, lost } = await sellerWithHistory(admin.client);
    const heir = await person();
    const summaryBefore = (await admin.client.get('/api/dashboard/summary')).body;
    const reportBefore = (await admin.client.get('/api/analytics/report?period=month')).body;

    const preview = await admin.client.get(`/api/users/${seller.user.id}/open-leads`);
    expect(preview.body).toEqual({ openLeads: 2 });
    const deleted = await admin.client.delete(`/api/users/${seller.user.id}?reassignTo=${heir.user.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Usuario eliminado' });

    for (const id of open) expect(await assigneeOf(id)).toBe(heir.user.id);
    expect(await assigneeOf(converted)).toBe(seller.user.id);
    expect(await assigneeOf(lost)).toBe(seller.user.id);
    const summaryAfter = (await admin.client.get('/api/dashboard/summary')).body;
    expect(summaryAfter.convertedLeads.value).toBe(summaryBefore.convertedLeads.value);
    const reportAfter = (await admin.client.get('/api/analytics/report?period=month')).body;
    expect(reportAfter.totals.converted).toBe(reportBefore.totals.converted);

    // Gone from every list and picker.
    for (const path of ['/api/users', '/api/team', '/api/team/sales', '/api/users-with-roles', '/api/chat/available-users']) {
      const list = (await admin.client.get(path)).body;
      expect(ids(list), path).not.toContain(seller.user.id);
      expect(ids(list), path).toContain(heir.user.id);
    }
    expect(ids((await admin.client.get('/api/analytics/performance')).body)).not.toContain(seller.user.id);
    expect(ids((await heir.client.get('/api/chat/contacts')).body)).not.toContain(seller.user.id);

    // The colleague still reads the conversation under the seller's name, but cannot write to them.
    const contacts = (await colleague.client.get('/api/chat/contacts')).body as { id: number; lastName: string; lastMessage: unknown }[];
    expect(contacts.find((contact) => contact.id === seller.user.id)).toMatchObject({
      lastName: seller.user.lastName,
      lastMessage: { message: 'Gracias' },
    });
    const conversation = (await colleague.client.get(`/api/chat/messages/${seller.user.id}`)).body as { message: string }[];
    expect(conversation.map((message) => message.message)).toEqual(['Te paso mis clientes', 'Gracias']);
    expect((await colleague.client.post('/api/chat/messages', { receiverId: seller.user.id, message: '¿Sigues?' })).status).toBe(404);
  });

  it('ends their sessions and refuses their sign-in; their username and email stay reserved', async () => {
    const admin = await person('admin');
    const seller = await person();
    const live = createLiveTrpc(server().url, seller.client);
    try {
      expect((await live.trpc.users.list.query()).length).toBeGreaterThan(0);
      expect((await admin.client.delete(`/api/users/${seller.user.id}`)).status).toBe(200);
      expect((await seller.client.get('/api/auth/user')).status).toBe(401);
      await expect(live.trpc.users.list.query()).rejects.toThrow();
    } finally {
      await live.wsClient.close();
    }
    const login = await seller.client.post('/api/login', { username: seller.username, password: 'clave-segura' });
    expect(login.status).toBe(401);
    const again = await admin.client.post('/api/users', {
      firstName: 'Otra',
      lastName: 'Persona',
      email: seller.user.email,
      password: 'secreto1',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Ya existe un usuario con ese email');
    expect((await admin.client.delete(`/api/users/${seller.user.id}`)).status).toBe(404);
  });

  it('leaves the open leads unassigned when nobody is named, also over tRPC', async () => {
    const manager = await person('manager');
    const seller = await person();
    const open = await lead(manager.client, seller.user.id);
    const converted = await lead(manager.client, seller.user.id, 'convertido');
    const trpc = trpcClientFor(manager.client);
    expect(await trpc.users.deletionPreview.query({ id: seller.user.id })).toEqual({ openLeads: 1 });
    // One declaration, one answer: the same as REST's.
    expect(await trpc.users.delete.mutate({ id: seller.user.id })).toEqual({ message: 'Usuario eliminado' });
    expect(await assigneeOf(open)).toBeNull();
    expect(await assigneeOf(converted)).toBe(seller.user.id);
  });

  it('refuses an heir who is the user deleted, deactivated or unknown, and then changes nothing', async () => {
    const admin = await person('admin');
    const seller = await person();
    const gone = await person();
    expect((await admin.client.delete(`/api/users/${gone.user.id}`)).status).toBe(200);
    const open = await lead(admin.client, seller.user.id);
    for (const heir of [seller.user.id, gone.user.id, 987654]) {
      const response = await admin.client.delete(`/api/users/${seller.user.id}?reassignTo=${heir}`);
      expect(response.status, String(heir)).toBe(400);
    }
    expect((await admin.client.delete(`/api/users/${seller.user.id}?reassignTo=abc`)).status).toBe(400);
    expect(await assigneeOf(open)).toBe(seller.user.id);
    expect(ids((await admin.client.get('/api/users')).body)).toContain(seller.user.id);
    // A user nobody may delete is refused before anything is counted.
    expect((await seller.client.get(`/api/users/${admin.user.id}/open-leads`)).status).toBe(403);
  });
});
