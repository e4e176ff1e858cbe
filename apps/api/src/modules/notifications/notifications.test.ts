/** The notification centre: each cause, only one's own, mentions only for readers, live to the owner's feed. */
import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, type TestServer, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { createLiveTrpc } from '../../test/live-client.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';

interface Person {
  id: number;
  username: string;
  client: ApiClient;
}

async function person(
  server: TestServer,
  prefix: string,
  systemRole: 'admin' | 'manager' | 'team_member' = 'team_member',
): Promise<Person> {
  const user = await createUser(server, {
    username: uniqueName(prefix),
    systemRole,
    firstName: prefix,
    lastName: 'Prueba',
  });
  return {
    id: user.id,
    username: user.username,
    client: await loginAs(server, user.username),
  };
}

async function notificationsOf(client: ApiClient, query = ''): Promise<any[]> {
  const response = await client.get(`/api/notifications${query}`);
  expect(response.status).toBe(200);
  return response.body;
}

function newLead(name: string, assignedTo?: number) {
  return {
    name,
    email: `${uniqueName('lead')}@ejemplo.es`,
    category: 'salud',
    description: 'Clínica',
    assignedTo,
  };
}

describeWithServer('notifications', (server) => {
  let manager: Person;
  let ana: Person;
  let bea: Person;

  beforeAll(async () => {
    manager = await person(server(), 'Marta', 'manager');
    ana = await person(server(), 'Ana');
    bea = await person(server(), 'Bea');
  });

  it('a lead assigned on create, on assign and on edit notifies the assignee once each, never the one who assigned', async () => {
    const created = await manager.client.post('/api/leads', newLead('Clínica Sol', ana.id));
    expect(created.status).toBe(201);
    let mine = await notificationsOf(ana.client);
    expect(mine[0]).toMatchObject({
      kind: 'lead_assigned',
      title: 'Te asignaron un lead',
      body: 'Clínica Sol',
      leadId: created.body.id,
      readAt: null,
    });

    const other = await manager.client.post('/api/leads', newLead('Dental Luna'));
    expect(
      (
        await manager.client.put(`/api/leads/${other.body.id}/assign`, {
          assignedTo: ana.id,
        })
      ).status,
    ).toBe(200);
    // Assigning again to the same person is no news.
    await manager.client.put(`/api/leads/${other.body.id}/assign`, {
      assignedTo: ana.id,
    });
    mine = await notificationsOf(ana.client);
    expect(mine.filter((n) => n.leadId === other.body.id)).toHaveLength(1);

    expect(
      (
        await manager.client.put(`/api/leads/${created.body.id}`, {
          assignedTo: bea.id,
        })
      ).status,
    ).toBe(200);
    expect((await notificationsOf(bea.client))[0]).toMatchObject({
      kind: 'lead_assigned',
      leadId: created.body.id,
    });

    // A manager assigning to themselves needs no telling.
    await manager.client.post('/api/leads', newLead('Propio', manager.id));
    expect(await notificationsOf(manager.client)).toEqual([]);
  });

  it('a bulk assignment tells each assignee once per batch how many leads they got', async () => {
    const carlos = await person(server(), 'Carlos');
    const ids: number[] = [];
    for (const name of ['Uno', 'Dos', 'Tres']) ids.push((await manager.client.post('/api/leads', newLead(`${name} ${carlos.id}`))).body.id);
    const bulk = await manager.client.post('/api/leads/bulk', {
      action: 'assign',
      ids,
      assignedTo: carlos.id,
    });
    expect(bulk.body.updated).toBe(3);
    const mine = await notificationsOf(carlos.client);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'lead_assigned',
      title: 'Te asignaron 3 leads',
      count: 3,
    });
    // Again to the same person changes nothing, so tells nothing.
    await manager.client.post('/api/leads/bulk', {
      action: 'assign',
      ids,
      assignedTo: carlos.id,
    });
    expect(await notificationsOf(carlos.client)).toHaveLength(1);
  });

  it("a bulk 'Repartir' tells each member of the role how many leads the rule gave them", async () => {
    const role = await manager.client.post('/api/custom-roles', {
      name: uniqueName('reparto').toLowerCase(),
      displayName: 'Reparto',
    });
    expect(
      (
        await manager.client.put(`/api/custom-roles/${role.body.id}`, {
          distribution: 'round_robin',
        })
      ).status,
    ).toBe(200);
    const members = [await person(server(), 'Elena'), await person(server(), 'Fede')];
    for (const member of members) await manager.client.post(`/api/users/${member.id}/roles/${role.body.id}`);
    const ids: number[] = [];
    for (const name of ['Uno', 'Dos', 'Tres', 'Cuatro'])
      ids.push((await manager.client.post('/api/leads', newLead(`${name} ${role.body.id}`))).body.id);
    const bulk = await manager.client.post('/api/leads/bulk', {
      action: 'distribute',
      ids,
      roleId: role.body.id,
    });
    expect(bulk.body.updated).toBe(4);
    for (const member of members) {
      const theirs = await notificationsOf(member.client);
      expect(theirs).toEqual([
        expect.objectContaining({
          kind: 'lead_assigned',
          title: 'Te asignaron 2 leads',
          count: 2,
        }),
      ]);
      expect(ids).toContain(theirs[0]?.leadId);
    }
  });

  it('a failed assignment writes no notification', async () => {
    const before = (await notificationsOf(ana.client)).length;
    const refused = await manager.client.post('/api/leads', {
      ...newLead('Sin nombre', ana.id),
      name: '',
    });
    expect(refused.status).toBe(400);
    const missing = await manager.client.put('/api/leads/999999/assign', {
      assignedTo: ana.id,
    });
    expect(missing.status).toBe(404);
    expect(await notificationsOf(ana.client)).toHaveLength(before);
  });

  it('an import to a role tells each member how many leads they got, and its owner that it finished', async () => {
    const role = await manager.client.post('/api/custom-roles', {
      name: uniqueName('rol').toLowerCase(),
      displayName: 'Odontología',
    });
    const carla = await person(server(), 'Carla');
    const dani = await person(server(), 'Dani');
    for (const member of [carla, dani]) await manager.client.post(`/api/users/${member.id}/roles/${role.body.id}`);
    await manager.client.put(`/api/custom-roles/${role.body.id}`, {
      distribution: 'round_robin',
    });
    const tag = uniqueName('imp');
    const form = new FormData();
    form.append(
      'file',
      new Blob([['name,categoryName,email', ...[0, 1, 2, 3, 4].map((i) => `Lead ${tag} ${i},dentist,l${i}.${tag}@x.es`)].join('\n')]),
      'r.csv',
    );
    form.append('groupName', `Grupo ${tag}`);
    form.append('assignedRoleId', String(role.body.id));
    const imported = await manager.client.post('/api/leads/import', form);
    expect(imported.status).toBe(200);

    const [carlas, danis] = [await notificationsOf(carla.client), await notificationsOf(dani.client)];
    expect(carlas).toHaveLength(1);
    expect(danis).toHaveLength(1);
    expect([carlas[0].count, danis[0].count].sort()).toEqual([2, 3]);
    expect(carlas[0]).toMatchObject({
      kind: 'lead_assigned',
      body: `Del grupo Grupo ${tag}`,
    });
    expect(carlas[0].groupId).toBeGreaterThan(0);
    const finished = (await notificationsOf(manager.client)).find((n) => n.kind === 'import_finished');
    expect(finished).toMatchObject({
      title: 'Importación terminada',
      body: `5 leads importados en Grupo ${tag}`,
      groupId: carlas[0].groupId,
    });
  });

  it('an import that fails once it has started tells its owner why; one refused before it starts does not', async () => {
    const owner = await person(server(), 'Olga', 'manager');
    const form = new FormData();
    // Every row lacks its name: the job runs, imports nothing and fails.
    form.append('file', new Blob([['name,email,categoryName', ',a@ejemplo.es,dentist', ',b@ejemplo.es,dentist'].join('\n')]), 'mal.csv');
    const created = await owner.client.post('/api/import-jobs', form);
    expect(created.status).toBe(201);
    expect(
      (
        await owner.client.post(`/api/import-jobs/${created.body.id}/start`, {
          groupName: uniqueName('Fallida'),
        })
      ).status,
    ).toBe(200);
    await expect
      .poll(async () => (await owner.client.get(`/api/import-jobs/${created.body.id}`)).body.status, { timeout: 20_000 })
      .toBe('failed');
    const failed = (await notificationsOf(owner.client)).filter((n) => n.kind === 'import_finished');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      title: 'La importación no se completó',
      groupId: null,
      readAt: null,
    });
    expect(failed[0].body).toBe((await owner.client.get(`/api/import-jobs/${created.body.id}`)).body.failure);

    // An upload that is never started and is cancelled: nothing to report.
    const again = new FormData();
    again.append('file', new Blob(['name,email,categoryName\nUno,uno@ejemplo.es,dentist']), 'bien.csv');
    const preview = await owner.client.post('/api/import-jobs', again);
    expect((await owner.client.post(`/api/import-jobs/${preview.body.id}/cancel`)).status).toBe(200);
    expect((await notificationsOf(owner.client)).filter((n) => n.kind === 'import_finished')).toHaveLength(1);
  });

  it('one-to-one messages make one notification until the conversation is read, then a new one', async () => {
    const sender = await person(server(), 'Elena');
    const reader = await person(server(), 'Fran');
    for (const text of ['hola', '¿estás?']) {
      expect(
        (
          await sender.client.post('/api/chat/messages', {
            receiverId: reader.id,
            message: text,
          })
        ).status,
      ).toBe(201);
    }
    let mine = await notificationsOf(reader.client, '?unread=true');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'chat_message',
      title: 'Mensajes nuevos de Elena Prueba',
      body: 'hola',
      senderId: sender.id,
    });
    expect(await notificationsOf(sender.client)).toEqual([]);

    await trpcClientFor(reader.client).chat.markConversationRead.mutate({
      userId: sender.id,
    });
    expect(await notificationsOf(reader.client, '?unread=true')).toEqual([]);
    expect((await notificationsOf(reader.client, '?unread=false'))[0].readAt).not.toBeNull();

    await sender.client.post('/api/chat/messages', {
      receiverId: reader.id,
      message: 'otra vez',
    });
    mine = await notificationsOf(reader.client, '?unread=true');
    expect(mine.map((n) => n.body)).toEqual(['otra vez']);
  });

  it("names the channel in a channel's 'new messages' notification and activity, a % in any name kept as written", async () => {
    const sender = await person(server(), '50%s');
    const name = uniqueName('Ventas 100% %s');
    const channel = await sender.client.post('/api/chat/channels', {
      name,
      memberIds: [bea.id],
    });
    expect((await sender.client.post(`/api/chat/channels/${channel.body.id}/messages`, { message: 'hola' })).status).toBe(201);
    const beas = (await notificationsOf(bea.client, '?unread=true')).filter((n) => n.channelId === channel.body.id);
    expect(beas).toMatchObject([
      {
        kind: 'chat_message',
        title: `Mensajes nuevos en ${name}`,
        body: '50%s Prueba: hola',
      },
    ]);
    const activity = await server()
      .ctx.db.selectFrom('activities')
      .select('description')
      .where('type', '=', 'message_sent')
      .where('user_id', '=', sender.id)
      .executeTakeFirstOrThrow();
    expect(activity.description).toBe(`50%s Prueba envió un mensaje en ${name}`);
  });

  it('a mention notifies only people who can read the conversation', async () => {
    const outsider = await person(server(), 'Gema');
    const channel = await ana.client.post('/api/chat/channels', {
      name: uniqueName('Obra'),
      memberIds: [bea.id],
    });
    expect(channel.status).toBe(201);
    const text = `@${bea.username} y @${outsider.username.toUpperCase()}, mirad esto (correo: x@${bea.username}.es)`;
    expect((await ana.client.post(`/api/chat/channels/${channel.body.id}/messages`, { message: text })).status).toBe(201);

    const beas = (await notificationsOf(bea.client, '?unread=true')).filter((n) => n.channelId === channel.body.id);
    expect(beas).toHaveLength(1);
    expect(beas[0]).toMatchObject({
      kind: 'mention',
      title: `Ana Prueba te mencionó en ${channel.body.name}`,
      body: text,
    });
    expect(await notificationsOf(outsider.client)).toEqual([]);

    // In a one-to-one conversation only its two people read it.
    await ana.client.post('/api/chat/messages', {
      receiverId: bea.id,
      message: `hola @${outsider.username}`,
    });
    expect(await notificationsOf(outsider.client)).toEqual([]);
    await ana.client.post('/api/chat/messages', {
      receiverId: outsider.id,
      message: `@${outsider.username} ¿lo ves?`,
    });
    expect((await notificationsOf(outsider.client))[0]).toMatchObject({
      kind: 'mention',
      title: 'Ana Prueba te mencionó',
      senderId: ana.id,
    });

    // Opening the channel reads its notifications.
    expect((await bea.client.post(`/api/chat/channels/${channel.body.id}/read`)).status).toBe(200);
    expect((await notificationsOf(bea.client, '?unread=true')).filter((n) => n.channelId === channel.body.id)).toEqual([]);
  });

  it('a message in the conversation a tab of the reader shows notifies nobody, mention or not, until the tab leaves it', async () => {
    const sender = await person(server(), 'Irene');
    const reader = await person(server(), 'Jon');
    const other = await person(server(), 'Kike');
    const readerTrpc = trpcClientFor(reader.client);
    const tabId = crypto.randomUUID();
    const send = (message: string) =>
      sender.client.post('/api/chat/messages', {
        receiverId: reader.id,
        message,
      });

    await readerTrpc.chat.viewing.mutate({ tabId, userId: sender.id });
    expect((await send(`hola @${reader.username}`)).status).toBe(201);
    expect(await notificationsOf(reader.client)).toEqual([]);
    // Showing another conversation does not hide this one's messages.
    await readerTrpc.chat.viewing.mutate({ tabId, userId: other.id });
    expect((await send('¿sigues?')).status).toBe(201);
    expect((await notificationsOf(reader.client, '?unread=true')).map((n) => n.body)).toEqual(['¿sigues?']);
    await readerTrpc.chat.markConversationRead.mutate({ userId: sender.id });

    // A channel: only the member whose tab shows it is spared.
    const channel = await sender.client.post('/api/chat/channels', {
      name: uniqueName('Obra'),
      memberIds: [reader.id, other.id],
    });
    await readerTrpc.chat.viewing.mutate({ tabId, channelId: channel.body.id });
    expect(
      (await sender.client.post(`/api/chat/channels/${channel.body.id}/messages`, { message: `@${reader.username} mira` })).status,
    ).toBe(201);
    expect((await notificationsOf(reader.client, '?unread=true')).filter((n) => n.channelId === channel.body.id)).toEqual([]);
    expect((await notificationsOf(other.client, '?unread=true')).filter((n) => n.channelId === channel.body.id)).toHaveLength(1);

    // A report that expired (a tab closed without a word) counts no more.
    await server()
      .ctx.db.updateTable('chat_viewing')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', reader.id)
      .execute();
    expect((await sender.client.post(`/api/chat/channels/${channel.body.id}/messages`, { message: 'otra' })).status).toBe(201);
    expect((await notificationsOf(reader.client, '?unread=true')).filter((n) => n.channelId === channel.body.id)).toHaveLength(1);

    // Leaving the chat takes the tab's report away.
    await readerTrpc.chat.viewing.mutate({ tabId });
    expect(await server().ctx.db.selectFrom('chat_viewing').select('tab_id').where('user_id', '=', reader.id).execute()).toEqual([]);
  });

  it('refuses a viewing report of a channel one is not in, and a malformed tab id', async () => {
    const outsider = trpcClientFor((await person(server(), 'Lola')).client);
    const channel = await ana.client.post('/api/chat/channels', {
      name: uniqueName('Privado'),
      memberIds: [bea.id],
    });
    const refused = await trpcFailure(
      outsider.chat.viewing.mutate({
        tabId: crypto.randomUUID(),
        channelId: channel.body.id,
      }),
    );
    expect(refused.data?.httpStatus).toBe(404);
    const malformed = await trpcFailure(outsider.chat.viewing.mutate({ tabId: 'pestaña', userId: ana.id }));
    expect(malformed.data?.httpStatus).toBe(400);
  });

  it('a follow-up falling due notifies its owner once', async () => {
    const lead = await manager.client.post('/api/leads', newLead('Seguimiento Norte', ana.id));
    const followUp = await ana.client.post('/api/follow-ups', {
      leadId: lead.body.id,
      dueAt: new Date(Date.now() + 300).toISOString(),
      note: 'Llamar',
    });
    expect(followUp.status).toBe(201);
    await expect
      .poll(async () => (await notificationsOf(ana.client)).filter((n) => n.kind === 'follow_up_due' && n.leadId === lead.body.id), {
        timeout: 10_000,
      })
      .toEqual([
        expect.objectContaining({
          title: 'Seguimiento pendiente',
          body: 'Seguimiento Norte: Llamar',
        }),
      ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await notificationsOf(ana.client)).filter((n) => n.kind === 'follow_up_due' && n.leadId === lead.body.id)).toHaveLength(1);
  });

  it('only the owner reads or marks a notification, on REST and tRPC', async () => {
    await manager.client.post('/api/leads', newLead('Privado', ana.id));
    const [first] = await notificationsOf(ana.client, '?unread=true');
    expect((await bea.client.post(`/api/notifications/${first.id}/read`)).status).toBe(404);
    expect((await notificationsOf(bea.client)).some((n) => n.id === first.id)).toBe(false);
    const error = await trpcFailure(trpcClientFor(bea.client).notifications.markRead.mutate({ id: first.id }));
    expect(error.data?.code).toBe('NOT_FOUND');
    expect((await ana.client.get('/api/notifications?unread=tal vez')).status).toBe(400);
    expect((await ana.client.post('/api/notifications/abc/read')).status).toBe(400);
    expect((await new (ana.client.constructor as typeof ApiClient)(server().url).get('/api/notifications')).status).toBe(401);

    const read = await ana.client.post(`/api/notifications/${first.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body.readAt).not.toBeNull();
    expect((await ana.client.post(`/api/notifications/${first.id}/read`)).status).toBe(200);

    await manager.client.post('/api/leads', newLead('Otro', ana.id));
    const count = await trpcClientFor(ana.client).notifications.unreadCount.query();
    expect(count).toBeGreaterThan(0);
    expect((await ana.client.get('/api/notifications/unread-count')).body).toEqual({ count });
    expect((await ana.client.post('/api/notifications/read-all')).body).toEqual({ count });
    expect(await trpcClientFor(ana.client).notifications.unreadCount.query()).toBe(0);
    expect((await bea.client.get('/api/notifications/unread-count')).body.count).toBeGreaterThan(0);
  });

  it('reaches the owner live on the web feed, and only the owner', async () => {
    const owner = createLiveTrpc(server().url, ana.client);
    const other = createLiveTrpc(server().url, bea.client);
    const seen: { owner: any[]; other: any[] } = { owner: [], other: [] };
    const subscribe = (live: typeof owner, into: any[]) =>
      live.trpc.live.onEvent.subscribe(undefined, {
        onData: (item) => into.push('data' in item ? item.data : item),
      });
    const subscriptions = [subscribe(owner, seen.owner), subscribe(other, seen.other)];
    try {
      await expect.poll(() => seen.owner.some((e) => e.type === 'synced') && seen.other.some((e) => e.type === 'synced')).toBe(true);
      const lead = await manager.client.post('/api/leads', newLead('En vivo', ana.id));
      await expect
        .poll(() => seen.owner.find((e) => e.type === 'notification')?.notification)
        .toMatchObject({ kind: 'lead_assigned', leadId: lead.body.id });
      const id = seen.owner.find((e) => e.type === 'notification').notification.id;
      await ana.client.post(`/api/notifications/${id}/read`);
      await expect.poll(() => seen.owner.some((e) => e.type === 'notificationsRead' && e.ids.includes(id))).toBe(true);
      expect(seen.other.some((e) => e.type === 'notification' || e.type === 'notificationsRead')).toBe(false);
    } finally {
      subscriptions.forEach((s) => s.unsubscribe());
      await Promise.all([owner.wsClient.close(), other.wsClient.close()]);
    }
  });

  it('keeps the profile switches per user on the server', async () => {
    expect((await ana.client.get('/api/notifications/preferences')).body).toEqual({ emails: true, chatSounds: true, browser: true });
    const saved = await ana.client.put('/api/notifications/preferences', {
      chatSounds: false,
    });
    expect(saved.body).toEqual({
      emails: true,
      chatSounds: false,
      browser: true,
    });
    expect(await trpcClientFor(ana.client).notifications.preferences.query()).toEqual({ emails: true, chatSounds: false, browser: true });
    expect((await bea.client.get('/api/notifications/preferences')).body.chatSounds).toBe(true);
    const bad = await ana.client.put('/api/notifications/preferences', {
      emails: 'sí',
    });
    expect(bad.status).toBe(400);
    expect((await ana.client.get('/api/notifications/preferences')).body.emails).toBe(true);
  });
});
