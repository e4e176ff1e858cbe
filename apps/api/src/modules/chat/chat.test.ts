import { CHAT_LIMITS, CHAT_MESSAGES } from '@crm/domain';
import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';

describeWithServer('chat REST', (server) => {
  let ana: { id: number; client: ApiClient };
  let bea: { id: number; client: ApiClient };
  let carlos: { id: number; client: ApiClient };

  const person = async (prefix: string, systemRole: 'admin' | 'manager' | 'team_member' = 'team_member') => {
    const user = await createUser(server(), { username: uniqueName(prefix), systemRole, firstName: prefix, lastName: 'Prueba' });
    return { id: user.id, client: await loginAs(server(), user.username) };
  };

  beforeAll(async () => {
    ana = await person('ana', 'manager');
    bea = await person('bea');
    carlos = await person('carlos');
  });

  it('refuses every chat path without a session', async () => {
    const anonymous = new (ana.client.constructor as typeof ApiClient)(server().url);
    for (const [method, path] of [
      ['GET', '/api/chat/contacts'],
      ['GET', '/api/chat/available-users'],
      ['GET', `/api/chat/messages/${bea.id}`],
      ['POST', '/api/chat/messages'],
      ['POST', '/api/chat/messages/1/read'],
    ] as const) {
      const response = await anonymous.request(method, path, method === 'POST' ? { receiverId: bea.id, message: 'hola' } : undefined);
      expect(response.status, path).toBe(401);
      expect(response.body).toEqual({ message: 'Unauthorized' });
    }
  });

  it('sends a message, trims it, and both sides read the conversation in order', async () => {
    const first = await ana.client.post('/api/chat/messages', { receiverId: bea.id, message: '  Hola Bea  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ senderId: ana.id, receiverId: bea.id, message: 'Hola Bea', isRead: false });
    expect(typeof first.body.id).toBe('number');
    expect(new Date(first.body.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const reply = await bea.client.post('/api/chat/messages', { receiverId: String(ana.id), message: '¿Qué tal?' });
    expect(reply.status).toBe(201);

    const seenByAna = await ana.client.get(`/api/chat/messages/${bea.id}`);
    const seenByBea = await bea.client.get(`/api/chat/messages/${ana.id}`);
    expect(seenByAna.status).toBe(200);
    expect(seenByAna.body.map((m: { message: string }) => m.message)).toEqual(['Hola Bea', '¿Qué tal?']);
    expect(seenByBea.body).toEqual(seenByAna.body);
  });

  it('writes a message_sent activity', async () => {
    await carlos.client.post('/api/chat/messages', { receiverId: bea.id, message: 'actividad' });
    const rows = await server()
      .ctx.db.selectFrom('activities')
      .select(['type', 'user_id', 'description'])
      .where('user_id', '=', carlos.id)
      .execute();
    expect(rows).toEqual([{ type: 'message_sent', user_id: carlos.id, description: 'carlos Prueba envió un mensaje a bea Prueba' }]);
  });

  it('validates the message: empty, whitespace, too long, unknown or own receiver, bad ids', async () => {
    const cases: [unknown, number, string][] = [
      [{ receiverId: bea.id, message: '' }, 400, CHAT_MESSAGES.empty],
      [{ receiverId: bea.id, message: '   \n ' }, 400, CHAT_MESSAGES.empty],
      [{ receiverId: bea.id, message: 'x'.repeat(CHAT_LIMITS.maxMessageLength + 1) }, 400, CHAT_MESSAGES.tooLong],
      [{ receiverId: bea.id }, 400, CHAT_MESSAGES.empty],
      [{ receiverId: 'abc', message: 'hola' }, 400, 'Identificador inválido'],
      [{ receiverId: 99_999_999_999, message: 'hola' }, 400, 'Identificador inválido'],
      [{ receiverId: 2_000_000_000, message: 'hola' }, 404, 'Usuario no encontrado'],
      [{ receiverId: ana.id, message: 'hola' }, 400, 'No puedes enviarte mensajes a ti mismo'],
    ];
    for (const [body, status, message] of cases) {
      const response = await ana.client.post('/api/chat/messages', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(response.body.message).toBe(message);
    }
    const exactlyMax = await ana.client.post('/api/chat/messages', {
      receiverId: carlos.id,
      message: 'y'.repeat(CHAT_LIMITS.maxMessageLength),
    });
    expect(exactlyMax.status).toBe(201);
    expect((await ana.client.get('/api/chat/messages/abc')).status).toBe(400);
    expect((await ana.client.get('/api/chat/messages/2000000000')).status).toBe(404);
    expect((await ana.client.post('/api/chat/messages/abc/read')).status).toBe(400);
  });

  it('counts unread messages per contact, and marking read clears them for the receiver only', async () => {
    const dani = await person('dani');
    const eva = await person('eva');
    const sent = [];
    for (const text of ['uno', 'dos', 'tres']) {
      sent.push((await dani.client.post('/api/chat/messages', { receiverId: eva.id, message: text })).body);
    }
    const contactOf = async (viewer: { client: ApiClient }, otherId: number) =>
      ((await viewer.client.get('/api/chat/contacts')).body as { id: number; unreadCount: number; lastMessage: unknown }[]).find(
        (c) => c.id === otherId,
      );
    expect((await contactOf(eva, dani.id))?.unreadCount).toBe(3);
    expect((await contactOf(dani, eva.id))?.unreadCount).toBe(0);

    // The sender cannot mark their own message read, nor can a third user.
    expect((await dani.client.post(`/api/chat/messages/${sent[0].id}/read`)).status).toBe(404);
    expect((await carlos.client.post(`/api/chat/messages/${sent[0].id}/read`)).status).toBe(404);
    expect((await contactOf(eva, dani.id))?.unreadCount).toBe(3);

    const read = await eva.client.post(`/api/chat/messages/${sent[0].id}/read`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ messageIds: [sent[0].id] });
    // Reading again is harmless.
    expect((await eva.client.post(`/api/chat/messages/${sent[0].id}/read`)).body).toEqual({ messageIds: [] });
    expect((await contactOf(eva, dani.id))?.unreadCount).toBe(2);
    const conversation = (await dani.client.get(`/api/chat/messages/${eva.id}`)).body as { id: number; isRead: boolean }[];
    expect(conversation.map((m) => m.isRead)).toEqual([true, false, false]);
  });

  it('keeps conversations private: a third user sees none of them', async () => {
    const fran = await person('fran');
    const gema = await person('gema');
    const secret = await fran.client.post('/api/chat/messages', { receiverId: gema.id, message: 'secreto' });
    expect(secret.status).toBe(201);
    const carlosWithFran = await carlos.client.get(`/api/chat/messages/${fran.id}`);
    expect(carlosWithFran.status).toBe(200);
    expect(carlosWithFran.body).toEqual([]);
    const contacts = (await carlos.client.get('/api/chat/contacts')).body as { id: number; lastMessage: unknown; unreadCount: number }[];
    for (const id of [fran.id, gema.id]) {
      expect(contacts.find((c) => c.id === id)).toMatchObject({ lastMessage: null, unreadCount: 0 });
    }
  });

  it('lists contacts newest conversation first with the last message, then the rest without one', async () => {
    const hugo = await person('hugo');
    const ines = await person('ines');
    const juan = await person('juan');
    await hugo.client.post('/api/chat/messages', { receiverId: ines.id, message: 'primero' });
    await juan.client.post('/api/chat/messages', { receiverId: hugo.id, message: 'segundo' });
    await hugo.client.post('/api/chat/messages', { receiverId: ines.id, message: 'tercero' });

    const response = await hugo.client.get('/api/chat/contacts');
    expect(response.status).toBe(200);
    const contacts = response.body as {
      id: number;
      role: string;
      lastMessage: { message: string; senderId: number } | null;
      unreadCount: number;
    }[];
    expect(contacts.slice(0, 2).map((c) => c.id)).toEqual([ines.id, juan.id]);
    expect(contacts[0]).toMatchObject({ role: 'team_member', unreadCount: 0, lastMessage: { message: 'tercero', senderId: hugo.id } });
    expect(contacts[1]).toMatchObject({ unreadCount: 1, lastMessage: { message: 'segundo', senderId: juan.id } });
    expect(contacts.find((c) => c.id === hugo.id)).toBeUndefined();
    expect(contacts.slice(2).every((c) => c.lastMessage === null)).toBe(true);
    expect(contacts.find((c) => c.id === ana.id)).toMatchObject({ role: 'manager', firstName: 'ana' });
    expect(JSON.stringify(contacts)).not.toMatch(/password|hash/i);
  });

  it('lists available users: everyone but the caller', async () => {
    const response = await bea.client.get('/api/chat/available-users');
    expect(response.status).toBe(200);
    const ids = (response.body as { id: number }[]).map((u) => u.id);
    expect(ids).toContain(ana.id);
    expect(ids).toContain(carlos.id);
    expect(ids).not.toContain(bea.id);
  });

  it('limits how fast one user sends, whatever the protocol, without banning', async () => {
    const kiko = await person('kiko');
    const statuses = [];
    for (let i = 0; i < CHAT_LIMITS.rate.messages + 2; i += 1) {
      statuses.push((await kiko.client.post('/api/chat/messages', { receiverId: bea.id, message: `r${i}` })).status);
    }
    expect(statuses.slice(0, CHAT_LIMITS.rate.messages).every((s) => s === 201)).toBe(true);
    const refused = await kiko.client.post('/api/chat/messages', { receiverId: bea.id, message: 'otra' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(CHAT_MESSAGES.rateLimited);
    // A refused message is not stored.
    const stored = (await kiko.client.get(`/api/chat/messages/${bea.id}`)).body as unknown[];
    expect(stored).toHaveLength(CHAT_LIMITS.rate.messages);
    // Others are not affected.
    expect((await carlos.client.post('/api/chat/messages', { receiverId: bea.id, message: 'yo sí' })).status).toBe(201);
  });

  it("holds a flood's refusal until its Retry-After (1 s at most) and sends again after it, over REST and a tRPC batch", async () => {
    const lola = await person('lola');
    const burstAt = performance.now();
    for (let i = 0; i < CHAT_LIMITS.rate.messages; i += 1) {
      expect((await lola.client.post('/api/chat/messages', { receiverId: bea.id, message: `f${i}` })).status).toBe(201);
    }
    const started = performance.now();
    const refused = await lola.client.post('/api/chat/messages', { receiverId: bea.id, message: 'de más' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(CHAT_MESSAGES.rateLimited);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    // Answered late: a client that does not wait floods no faster than its refusals come back.
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);

    // Two sends in one tRPC batch while the allowance is spent: both refused, the same way.
    const batch = () =>
      fetch(new URL('/trpc/chat.send,chat.send?batch=1', server().url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: lola.client.cookies.header() },
        body: JSON.stringify({
          0: { json: { receiverId: bea.id, message: 'lote 1' } },
          1: { json: { receiverId: bea.id, message: 'lote 2' } },
        }),
      });
    const refusedBatch = await batch();
    const calls = (await refusedBatch.json()) as {
      error?: { json: { message: string; data: { httpStatus: number; details?: { retryAfterSeconds?: number } } } };
    }[];
    expect(calls.map((call) => call.error?.json.data.httpStatus)).toEqual([429, 429]);
    expect(calls[0]?.error?.json.message).toBe(CHAT_MESSAGES.rateLimited);
    expect(calls[0]?.error?.json.data.details?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(Number(refusedBatch.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // Once the burst has left the database's window (every session's count), it goes through on both transports.
    await new Promise((resolve) => setTimeout(resolve, burstAt + CHAT_LIMITS.rate.windowMs + 500 - performance.now()));
    expect((await lola.client.post('/api/chat/messages', { receiverId: bea.id, message: 'ya' })).status).toBe(201);
    const accepted = await batch();
    expect(((await accepted.json()) as { error?: unknown }[]).map((call) => call.error === undefined)).toEqual([true, true]);
  });

  it('counts concurrent sends of one person from two sessions exactly: the limit stores, the rest are refused', async () => {
    const user = await createUser(server(), { username: uniqueName('doble'), firstName: 'Doble' });
    // Two sessions: each has its own in-memory gate, so only the database's count can hold the line.
    const sessions = [await loginAs(server(), user.username), await loginAs(server(), user.username)];
    const statuses = await Promise.all(
      Array.from({ length: 2 * CHAT_LIMITS.rate.messages }, (_, i) =>
        (sessions[i % 2] as ApiClient).post('/api/chat/messages', { receiverId: bea.id, message: `a la vez ${i}` }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(CHAT_LIMITS.rate.messages);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 429)).toBe(true);
    const stored = await server()
      .ctx.db.selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sender_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(CHAT_LIMITS.rate.messages);
  });
});
