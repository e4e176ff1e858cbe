import { CHAT_LIMITS, CHAT_MESSAGES } from '@crm/domain';
import { isUserOnline } from '@crm/db';
import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../test/harness.js';
import { type LiveSocket, openLiveSocket, RefusedUpgrade } from '../test/live-client.js';

describeWithServer('/ws live chat', (server) => {
  let ana: { id: number; client: ApiClient };
  let bea: { id: number; client: ApiClient };

  const person = async (prefix: string) => {
    const user = await createUser(server(), { username: uniqueName(prefix) });
    return { id: user.id, username: user.username, client: await loginAs(server(), user.username) };
  };
  const open = (who: { client: ApiClient }) => openLiveSocket(server().url, who.client);
  const chatFrame = (text: string) => (frame: { type: string; message?: { message: string } }) =>
    frame.type === 'chat' && frame.message?.message === text;

  beforeAll(async () => {
    ana = await person('ana');
    bea = await person('bea');
  });

  it('refuses an upgrade without a session (401) and from a foreign Origin (403)', async () => {
    await expect(openLiveSocket(server().url, undefined)).rejects.toEqual(new RefusedUpgrade(401));
    const forged = new (ana.client.constructor as typeof ApiClient)(server().url);
    forged.cookies.set('crm_session', 'not-a-real-token');
    await expect(openLiveSocket(server().url, forged)).rejects.toEqual(new RefusedUpgrade(401));
    await expect(openLiveSocket(server().url, ana.client, { origin: 'https://evil.example' })).rejects.toEqual(new RefusedUpgrade(403));
    // The tRPC socket is guarded the same way.
    const { default: WebSocket } = await import('ws');
    const trpcStatus = await new Promise<number>((resolve) => {
      const socket = new WebSocket(server().url.replace('http', 'ws') + '/trpc');
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.once('open', () => resolve(101));
    });
    expect(trpcStatus).toBe(401);
    // Our own origin is fine.
    const own = await openLiveSocket(server().url, ana.client, { origin: server().url });
    await own.close();
  });

  it('delivers a chat frame to every connection of the receiver and of the sender', async () => {
    const anaSocket = await open(ana);
    const anaSecondTab = await open(ana);
    const beaSocket = await open(bea);
    anaSocket.send({ type: 'chat', receiverId: bea.id, content: '  hola por ws  ' });
    const frames = await Promise.all([beaSocket, anaSocket, anaSecondTab].map((s) => s.next(chatFrame('hola por ws'))));
    for (const frame of frames) {
      expect(frame.message).toMatchObject({ senderId: ana.id, receiverId: bea.id, message: 'hola por ws', isRead: false });
      // The spec's fields, plus what channels brought: no channel, no attachment, no shared lead here.
      expect(Object.keys(frame.message).sort()).toEqual([
        'attachment',
        'channelId',
        'createdAt',
        'id',
        'isRead',
        'lead',
        'message',
        'receiverId',
        'senderId',
      ]);
      expect(frame.message).toMatchObject({ channelId: null, attachment: null, lead: null });
      expect(frame.message.id).toBe(frames[0]?.message.id);
    }
    const stored = (await bea.client.get(`/api/chat/messages/${ana.id}`)).body as { message: string }[];
    expect(stored.map((m) => m.message)).toContain('hola por ws');
    await Promise.all([anaSocket.close(), anaSecondTab.close(), beaSocket.close()]);
  });

  it('carries a REST send to the open sockets, and read receipts live', async () => {
    const anaSocket = await open(ana);
    const beaSocket = await open(bea);
    const sent = await ana.client.post('/api/chat/messages', { receiverId: bea.id, message: 'por REST' });
    const delivered = await beaSocket.next(chatFrame('por REST'));
    expect(delivered.message.id).toBe(sent.body.id);

    await bea.client.post(`/api/chat/messages/${sent.body.id}/read`);
    const receipt = await anaSocket.next((frame) => frame.type === 'read');
    expect(receipt).toEqual({ type: 'read', messageIds: [sent.body.id], readerId: bea.id });
    await beaSocket.next((frame) => frame.type === 'read');
    await Promise.all([anaSocket.close(), beaSocket.close()]);
  });

  it('answers a bad frame with an error frame and stays open', async () => {
    const socket = await open(ana);
    const badFrames: [string, string][] = [
      ['not json', CHAT_MESSAGES.badFrame],
      ['{"type":"ping"}', CHAT_MESSAGES.badFrame],
      [JSON.stringify({ type: 'chat', receiverId: 'x', content: 'hola' }), CHAT_MESSAGES.badFrame],
      [JSON.stringify({ type: 'chat', receiverId: bea.id, content: '   ' }), CHAT_MESSAGES.empty],
      [JSON.stringify({ type: 'chat', receiverId: bea.id, content: 'z'.repeat(CHAT_LIMITS.maxMessageLength + 1) }), CHAT_MESSAGES.tooLong],
      [JSON.stringify({ type: 'chat', receiverId: 2_000_000_000, content: 'hola' }), 'Usuario no encontrado'],
      [JSON.stringify({ type: 'chat', receiverId: ana.id, content: 'hola' }), 'No puedes enviarte mensajes a ti mismo'],
      ['null', CHAT_MESSAGES.badFrame],
    ];
    for (const [text] of badFrames) socket.send(text);
    socket.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    await socket.next(() => socket.frames.length >= badFrames.length + 1);
    expect(socket.frames).toEqual([...badFrames, ['', CHAT_MESSAGES.badFrame]].map(([, message]) => ({ type: 'error', message })));
    // Still open and working.
    socket.send({ type: 'chat', receiverId: bea.id, content: 'sigo aquí' });
    await socket.next(chatFrame('sigo aquí'));
    await socket.close();
  });

  it('refuses a frame over 64 KB by closing with 1009', async () => {
    const socket = await open(ana);
    socket.send(JSON.stringify({ type: 'chat', receiverId: bea.id, content: 'a'.repeat(CHAT_LIMITS.maxFrameBytes) }));
    const closed = await socket.closed;
    expect(closed.code).toBe(1009);
    const stored = (await ana.client.get(`/api/chat/messages/${bea.id}`)).body as { message: string }[];
    expect(stored.some((m) => m.message.startsWith('aaaa'))).toBe(false);
  });

  it('answers a sender over the rate limit with an error frame, not a ban', async () => {
    const fast = await person('rapido');
    const socket = await open(fast);
    const receiver = await open(bea);
    for (let i = 0; i < CHAT_LIMITS.rate.messages + 1; i += 1) socket.send({ type: 'chat', receiverId: bea.id, content: `rafaga ${i}` });
    const error = await socket.next((frame) => frame.type === 'error');
    expect(error.message).toBe(CHAT_MESSAGES.rateLimited);
    await socket.next(chatFrame(`rafaga ${CHAT_LIMITS.rate.messages - 1}`));
    expect(socket.frames.filter((f) => f.type === 'chat')).toHaveLength(CHAT_LIMITS.rate.messages);
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    await Promise.all([socket.close(), receiver.close()]);
  });

  it('shows presence while a socket is open and ends sockets whose session ended', async () => {
    const gil = await person('gil');
    expect(await isUserOnline(server().ctx.db, gil.id)).toBe(false);
    const socket: LiveSocket = await open(gil);
    await expect.poll(() => isUserOnline(server().ctx.db, gil.id)).toBe(true);

    expect((await gil.client.post('/api/logout')).status).toBeLessThan(300);
    socket.send({ type: 'chat', receiverId: bea.id, content: 'después de salir' });
    const closed = await socket.closed;
    expect(closed.code).toBe(CHAT_LIMITS.normalCloseCode);
    await expect.poll(() => isUserOnline(server().ctx.db, gil.id)).toBe(false);
    const stored = (await bea.client.get(`/api/chat/messages/${gil.id}`)).body as unknown[];
    expect(stored).toEqual([]);
  });
});
