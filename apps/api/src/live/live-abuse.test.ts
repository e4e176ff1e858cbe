import { isUserOnline } from '@crm/db';
import { CHAT_LIMITS, CHAT_MESSAGES } from '@crm/domain';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { ADMIN_PASSWORD, ApiClient, createUser, describeWithServer, loginAs, type TestServer, uniqueName } from '../test/harness.js';
import { createLiveTrpc, type LiveTrpc, openLiveSocket } from '../test/live-client.js';
import { PENDING_FULL_MESSAGE } from './frame-gate.js';
import { MAX_CONNECTIONS_PER_SESSION, TOO_MANY_CONNECTIONS_MESSAGE } from './live-hub.js';

const FLOOD = 3_000;
const GATE_REFUSALS = [CHAT_MESSAGES.rateLimited, PENDING_FULL_MESSAGE];

/**
 * Holds the database away from `senderId`'s sends until released: the embedded database's
 * one connection, and on PostgreSQL the sender's row of send times (every send updates it).
 * Whatever is answered meanwhile was answered without the database.
 */
async function holdDatabase(server: TestServer, senderId: number): Promise<() => Promise<void>> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = () => undefined as void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const done = server.ctx.db.transaction().execute(async (trx) => {
    await sql`insert into chat_send_times (user_id, recent) values (${senderId}, '{}')
      on conflict (user_id) do update set recent = chat_send_times.recent`.execute(trx);
    held();
    await released;
  });
  await holding;
  return async () => {
    release();
    await done;
  };
}

/** Resolves with 'synced' once the feed is live, or with the error that refused it. */
function feedOutcome(live: LiveTrpc): { outcome: Promise<string>; stop: () => void } {
  let stop = () => undefined as void;
  const outcome = new Promise<string>((resolve) => {
    const subscription = live.trpc.live.onEvent.subscribe(undefined, {
      onData: (item) => {
        if (('data' in item ? item.data : item).type === 'synced') resolve('synced');
      },
      onError: (error) => resolve(error.message),
    });
    stop = () => subscription.unsubscribe();
  });
  return { outcome, stop };
}

describeWithServer('live connections under abuse', (server) => {
  const person = async (prefix: string) => {
    const user = await createUser(server(), { username: uniqueName(prefix) });
    return { id: user.id, username: user.username, client: await loginAs(server(), user.username) };
  };
  const storedFrom = async (senderId: number) =>
    (await server().ctx.db.selectFrom('chat_messages').select('id').where('sender_id', '=', senderId).execute()).length;

  it('answers a flood of /ws frames from memory while the database is held, stores only the allowed ones, and keeps serving', async () => {
    const flooder = await person('riada');
    const receiver = await person('destino');
    const socket = await openLiveSocket(server().url, flooder.client);
    await expect.poll(() => isUserOnline(server().ctx.db, flooder.id)).toBe(true);

    const release = await holdDatabase(server(), flooder.id);
    for (let i = 0; i < FLOOD; i += 1) socket.send({ type: 'chat', receiverId: receiver.id, content: `riada ${i}` });
    const errors = () => socket.frames.filter((frame) => frame.type === 'error');
    // Every frame beyond the socket's allowance is refused before the database is free again.
    await socket.next(() => errors().length === FLOOD - CHAT_LIMITS.rate.messages, 30_000);
    expect(errors().every((frame) => GATE_REFUSALS.includes(frame.message))).toBe(true);
    await release();

    await expect
      .poll(() => socket.frames.filter((frame) => frame.type === 'chat').length, { timeout: 10_000 })
      .toBe(CHAT_LIMITS.rate.messages);
    expect(await storedFrom(flooder.id)).toBe(CHAT_LIMITS.rate.messages);
    expect((await new ApiClient(server().url).get('/api/health')).status).toBe(200);
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    await socket.close();
  });

  it('refuses a flood of chat.send over the tRPC socket before any database work', async () => {
    const flooder = await person('trpc');
    const receiver = await person('destino');
    const live = createLiveTrpc(server().url, flooder.client);
    await live.trpc.chat.unreadTotal.query();

    const release = await holdDatabase(server(), flooder.id);
    const refusals: string[] = [];
    const sends = Array.from({ length: 300 }, (_, i) =>
      live.trpc.chat.send.mutate({ receiverId: receiver.id, message: `ráfaga ${i}` }).then(
        () => 'enviado',
        (error: Error) => {
          refusals.push(error.message);
          return error.message;
        },
      ),
    );
    await expect.poll(() => refusals.length, { timeout: 20_000 }).toBe(300 - CHAT_LIMITS.rate.messages);
    expect(refusals.every((message) => GATE_REFUSALS.includes(message))).toBe(true);
    await release();

    const outcomes = await Promise.all(sends);
    expect(outcomes.filter((outcome) => outcome === 'enviado')).toHaveLength(CHAT_LIMITS.rate.messages);
    expect(await storedFrom(flooder.id)).toBe(CHAT_LIMITS.rate.messages);
    await live.wsClient.close();
  });

  it(`caps one session at ${MAX_CONNECTIONS_PER_SESSION} feeds and /ws sockets with a clear error; others and freed places still work`, async () => {
    const user = await person('pestanas');
    const live = createLiveTrpc(server().url, user.client);
    const feeds = Array.from({ length: MAX_CONNECTIONS_PER_SESSION }, () => feedOutcome(live));
    expect(await Promise.all(feeds.map((feed) => feed.outcome))).toEqual(feeds.map(() => 'synced'));

    expect(await feedOutcome(live).outcome).toBe(TOO_MANY_CONNECTIONS_MESSAGE);
    const socket = await openLiveSocket(server().url, user.client);
    expect(await socket.closed).toEqual({ code: 1008, reason: TOO_MANY_CONNECTIONS_MESSAGE });

    // Another sign-in of the same user is another session, with places of its own.
    const otherSession = await loginAs(server(), user.username);
    const other = createLiveTrpc(server().url, otherSession);
    expect(await feedOutcome(other).outcome).toBe('synced');

    // A closed feed frees its place.
    feeds[0]?.stop();
    await expect.poll(() => feedOutcome(live).outcome, { timeout: 10_000 }).toBe('synced');
    await Promise.all([live.wsClient.close(), other.wsClient.close()]);
  });

  it('never turns a committed write into a 500 when the announcement fails', async () => {
    const admin = await loginAs(server(), 'admin', ADMIN_PASSWORD);
    const sender = await person('aviso');
    const doomed = await person('baja');
    const bus = server().ctx.bus;
    const publish = bus.publish.bind(bus);
    // The one stand-in of this file: a bus that cannot publish (PostgreSQL unreachable for NOTIFY).
    bus.publish = () => Promise.reject(new Error('bus caído'));
    try {
      const sent = await sender.client.post('/api/chat/messages', { receiverId: doomed.id, message: 'sin aviso' });
      expect(sent.status).toBe(201);
      expect(await storedFrom(sender.id)).toBe(1);
      expect((await doomed.client.post(`/api/chat/messages/${(sent.body as { id: number }).id}/read`)).status).toBe(200);
      expect((await admin.delete(`/api/users/${doomed.id}`)).status).toBeLessThan(300);
      expect((await sender.client.post('/api/logout')).status).toBeLessThan(300);
    } finally {
      bus.publish = publish;
    }
    expect((await doomed.client.get('/api/auth/user')).status).toBe(401);
    expect((await sender.client.get('/api/auth/user')).status).toBe(401);
  });
});

// One send per 10 s: a session's gate stays empty for the whole test once it has let one through.
describeWithServer(
  'a flood of chat sends over HTTP',
  (server) => {
    it('is refused at the session gate before the session is read, over tRPC and REST', async () => {
      const [flooder, receiver] = await Promise.all(
        ['http', 'destino'].map((prefix) => createUser(server(), { username: uniqueName(prefix) })),
      );
      if (!flooder || !receiver) throw new Error('users not created');
      const client = await loginAs(server(), flooder.username);
      const overTrpc = (i: number) =>
        client.request('POST', '/trpc/chat.send', { json: { receiverId: receiver.id, message: `http ${i}` } });
      const overRest = (i: number) => client.post('/api/chat/messages', { receiverId: receiver.id, message: `rest ${i}` });
      const refusalOf = (response: { body: { message?: string; error?: { json: { message: string } } } }) =>
        response.body.error?.json.message ?? response.body.message;

      expect((await overRest(0)).status).toBe(201);
      const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? overTrpc(i) : overRest(i))));
      expect(burst.map((response) => [response.status, refusalOf(response)])).toEqual(burst.map(() => [429, CHAT_MESSAGES.rateLimited]));

      // The session ends behind the server's back: a send that read it would be a 401, so the
      // gate's 429s show that each was refused before any read.
      await server().ctx.db.deleteFrom('sessions').where('user_id', '=', flooder.id).execute();
      for (const send of [overTrpc, overRest]) {
        const after = await Promise.all(Array.from({ length: 10 }, (_, i) => send(i)));
        expect(after.map((response) => [response.status, refusalOf(response)])).toEqual(after.map(() => [429, CHAT_MESSAGES.rateLimited]));
      }
      expect((await client.get('/api/auth/user')).status).toBe(401);
      expect(await server().ctx.db.selectFrom('chat_messages').select('id').where('sender_id', '=', flooder.id).execute()).toHaveLength(1);
    });
  },
  { CHAT_RATE_PER_10S: '1' },
);
