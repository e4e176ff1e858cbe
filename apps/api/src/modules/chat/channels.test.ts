import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { openLiveSocket } from '../../test/live-client.js';
import { trpcClientFor } from '../../test/trpc-client.js';

interface Channel {
  id: number;
  kind: string;
  name: string;
  unreadCount: number;
  memberCount: number;
  canManage: boolean;
}

describeWithServer('chat channels', (server) => {
  let admin: { id: number; client: ApiClient };
  let ana: { id: number; client: ApiClient };
  let bea: { id: number; client: ApiClient };
  let carlos: { id: number; client: ApiClient };
  let dani: { id: number; client: ApiClient };

  const person = async (prefix: string, systemRole: 'admin' | 'manager' | 'team_member' = 'team_member') => {
    const user = await createUser(server(), { username: uniqueName(prefix), systemRole, firstName: prefix, lastName: 'Prueba' });
    return { id: user.id, client: await loginAs(server(), user.username) };
  };
  const channelsOf = async (client: ApiClient) => (await client.get<Channel[]>('/api/chat/channels')).body;
  const group = async (creator: ApiClient, name: string, memberIds: number[]) => {
    const response = await creator.post<Channel>('/api/chat/channels', { name, memberIds });
    expect(response.status).toBe(201);
    return response.body;
  };

  beforeAll(async () => {
    admin = await person('jefa', 'admin');
    ana = await person('ana', 'manager');
    bea = await person('bea');
    carlos = await person('carlos');
    dani = await person('dani');
  });

  it('puts everyone in General and lets them all talk there', async () => {
    const general = (await channelsOf(bea.client)).find((channel) => channel.kind === 'general');
    expect(general).toMatchObject({ name: 'General', canManage: false });
    const sent = await bea.client.post(`/api/chat/channels/${general?.id}/messages`, { message: '  Buenos días a todos ' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ senderId: bea.id, channelId: general?.id, receiverId: null, message: 'Buenos días a todos' });
    const read = await carlos.client.get<{ message: string }[]>(`/api/chat/channels/${general?.id}/messages`);
    expect(read.body.map((m) => m.message)).toContain('Buenos días a todos');
  });

  it('keeps a specialization channel in step with role assignment and removal', async () => {
    const role = await ana.client.post<{ id: number }>('/api/custom-roles', { name: uniqueName('rol'), displayName: 'Jurídico' });
    expect((await ana.client.post(`/api/users/${dani.id}/roles/${role.body.id}`)).status).toBeLessThan(300);
    const channel = (await channelsOf(dani.client)).find((c) => c.kind === 'role' && c.name === 'Jurídico');
    expect(channel).toBeDefined();
    expect((await channelsOf(bea.client)).some((c) => c.id === channel?.id)).toBe(false);
    expect((await bea.client.get(`/api/chat/channels/${channel?.id}/messages`)).status).toBe(404);

    expect((await ana.client.delete(`/api/users/${dani.id}/roles/${role.body.id}`)).status).toBeLessThan(300);
    expect((await channelsOf(dani.client)).some((c) => c.id === channel?.id)).toBe(false);
    const refused = await dani.client.post(`/api/chat/channels/${channel?.id}/messages`, { message: 'sigo aquí' });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Conversación no encontrada');
  });

  it('gives a team a team channel; automatic channels cannot be edited', async () => {
    expect((await admin.client.post('/api/teams', { name: 'Equipo Norte', managerId: ana.id })).status).toBe(201);
    const team = (await channelsOf(ana.client)).find((c) => c.kind === 'team');
    expect(team).toMatchObject({ name: 'Equipo Norte', memberCount: 1 });
    const edit = await admin.client.put(`/api/chat/channels/${team?.id}`, { name: 'Otro' });
    expect([403, 404]).toContain(edit.status);
  });

  it('lets only members read, post, list members or search a group chat', async () => {
    const chat = await group(ana.client, 'Clínica Sol', [bea.id]);
    expect(chat).toMatchObject({ kind: 'group', name: 'Clínica Sol', memberCount: 2, canManage: true });
    await bea.client.post(`/api/chat/channels/${chat.id}/messages`, { message: 'Reunión mañana en la clínica' });
    for (const [method, path, body] of [
      ['GET', `/api/chat/channels/${chat.id}/messages`, undefined],
      ['POST', `/api/chat/channels/${chat.id}/messages`, { message: 'cotilleo' }],
      ['POST', '/api/chat/messages', { channelId: chat.id, message: 'cotilleo' }],
      ['GET', `/api/chat/channels/${chat.id}/members`, undefined],
      ['POST', `/api/chat/channels/${chat.id}/read`, undefined],
    ] as const) {
      const response = await carlos.client.request(method, path, body);
      expect(response.status, path).toBe(404);
    }
    expect((await channelsOf(carlos.client)).some((c) => c.id === chat.id)).toBe(false);
    await expect(trpcClientFor(carlos.client).chat.channelMessages.query({ channelId: chat.id })).rejects.toThrow(
      'Conversación no encontrada',
    );
    const found = await trpcClientFor(ana.client).chat.search.query({ channelId: chat.id, text: 'CLINICA' });
    expect(found.map((m) => m.message)).toEqual(['Reunión mañana en la clínica']);
    await expect(trpcClientFor(carlos.client).chat.search.query({ channelId: chat.id, text: 'clinica' })).rejects.toThrow();
  });

  it('lets the creator and admins manage a group, nobody else; the creator always stays', async () => {
    const chat = await group(ana.client, 'Ventas', [bea.id, carlos.id]);
    const byMember = await bea.client.put(`/api/chat/channels/${chat.id}`, { name: 'Mío' });
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toBe('Solo quien creó el grupo o un administrador pueden modificarlo');
    const byAdmin = await admin.client.put<Channel>(`/api/chat/channels/${chat.id}`, { name: 'Ventas Norte', memberIds: [bea.id] });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ name: 'Ventas Norte', memberCount: 2 });
    const members = await ana.client.get<{ id: number }[]>(`/api/chat/channels/${chat.id}/members`);
    expect(members.body.map((m) => m.id).sort()).toEqual([ana.id, bea.id].sort());
    expect((await carlos.client.get(`/api/chat/channels/${chat.id}/messages`)).status).toBe(404);
    const unknown = await ana.client.put(`/api/chat/channels/${chat.id}`, { memberIds: [2_000_000] });
    expect(unknown.status).toBe(400);
    expect((await ana.client.post('/api/chat/channels', { name: '  ', memberIds: [] })).status).toBe(400);
  });

  it('counts unread per channel, sums them in the badge, and shows who read each message', async () => {
    const chat = await group(ana.client, 'Recibos', [bea.id, carlos.id]);
    const sent = await ana.client.post<{ id: number }>(`/api/chat/channels/${chat.id}/messages`, { message: '¿Lo veis?' });
    const unread = (await channelsOf(bea.client)).find((c) => c.id === chat.id);
    expect(unread?.unreadCount).toBe(1);
    const badgeBefore = await trpcClientFor(bea.client).chat.unreadTotal.query();

    const socket = await openLiveSocket(server().url, ana.client);
    try {
      expect((await bea.client.post(`/api/chat/channels/${chat.id}/read`)).body).toEqual({ upToId: sent.body.id });
      const receipt = await socket.next((f) => f.type === 'read' && f.channelId === chat.id);
      expect(receipt).toEqual({ type: 'read', channelId: chat.id, readerId: bea.id, upToId: sent.body.id });
    } finally {
      await socket.close();
    }
    expect(await trpcClientFor(bea.client).chat.unreadTotal.query()).toBe(badgeBefore - 1);
    expect((await channelsOf(bea.client)).find((c) => c.id === chat.id)?.unreadCount).toBe(0);
    await carlos.client.post(`/api/chat/channels/${chat.id}/read`);
    const members = (await ana.client.get<{ id: number; lastReadMessageId: number }[]>(`/api/chat/channels/${chat.id}/members`)).body;
    const seen = members.filter((m) => m.id !== ana.id && m.lastReadMessageId >= sent.body.id).map((m) => m.id);
    expect(seen.sort()).toEqual([bea.id, carlos.id].sort());
    // Reading again changes nothing and announces nothing.
    expect((await bea.client.post(`/api/chat/channels/${chat.id}/read`)).body).toEqual({ upToId: null });
  });

  it('sends typing frames over /ws to the other members only, throttled, and refuses outsiders', async () => {
    const chat = await group(ana.client, 'Escribiendo', [bea.id, carlos.id]);
    const [anaSocket, beaSocket, daniSocket] = await Promise.all([
      openLiveSocket(server().url, ana.client),
      openLiveSocket(server().url, bea.client),
      openLiveSocket(server().url, dani.client),
    ]);
    try {
      beaSocket.send({ type: 'typing', channelId: chat.id });
      expect(await anaSocket.next((f) => f.type === 'typing')).toEqual({ type: 'typing', userId: bea.id, channelId: chat.id });
      beaSocket.send({ type: 'typing', channelId: chat.id });
      beaSocket.send({ type: 'chat', channelId: chat.id, content: 'ya está' });
      await anaSocket.next((f) => f.type === 'chat' && f.message.message === 'ya está');
      // The second indicator came within the throttle: dropped.
      expect(anaSocket.frames.filter((f) => f.type === 'typing')).toHaveLength(1);
      expect(beaSocket.frames.some((f) => f.type === 'typing')).toBe(false);

      daniSocket.send({ type: 'typing', channelId: chat.id });
      expect(await daniSocket.next((f) => f.type === 'error')).toEqual({ type: 'error', message: 'Conversación no encontrada' });
      daniSocket.send({ type: 'chat', channelId: chat.id, content: 'hola' });
      await daniSocket.next((f) => f.type === 'error' && f !== daniSocket.frames.find((g) => g.type === 'error'));
      expect(daniSocket.frames.some((f) => f.type === 'chat' || f.type === 'typing')).toBe(false);

      anaSocket.send({ type: 'typing', receiverId: dani.id });
      expect(await daniSocket.next((f) => f.type === 'typing')).toEqual({ type: 'typing', userId: ana.id, receiverId: dani.id });
    } finally {
      await Promise.all([anaSocket.close(), beaSocket.close(), daniSocket.close()]);
    }
  });

  it('shares a lead as a card in a channel', async () => {
    const chat = await group(ana.client, 'Leads', [bea.id]);
    const lead = await ana.client.post<{ id: number }>('/api/leads', {
      name: 'Clínica Dental Sol',
      email: `${uniqueName('sol')}@clinica.es`,
      phone: '+34 600 000 001',
      category: 'salud',
      description: 'Clínica dental en el centro',
    });
    expect(lead.status, JSON.stringify(lead.body)).toBe(201);
    const shared = await ana.client.post(`/api/chat/channels/${chat.id}/messages`, { leadId: lead.body.id });
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    expect(shared.body).toMatchObject({ message: '', lead: { id: lead.body.id, name: 'Clínica Dental Sol' } });
    expect((await ana.client.post(`/api/chat/channels/${chat.id}/messages`, { leadId: 2_000_000 })).status).toBe(404);
  });
});
