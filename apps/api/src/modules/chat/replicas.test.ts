import { CHAT_LIMITS, type SystemRole } from '@crm/domain';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { SESSION_ENDED_REASON } from '../../live/live-hub.js';
import { createUser, DEFAULT_PASSWORD, loginAs, uniqueName } from '../../test/harness.js';
import { describeOnTwoReplicas, sameBrowserOn } from '../../test/replicas.js';
import { AT_ONCE, createLiveTrpc, type LiveTrpc, openBoth, openLiveSocket, RefusedUpgrade } from '../../test/live-client.js';
import { trpcClientFor } from '../../test/trpc-client.js';

interface FeedItem {
  type: string;
  message?: { id: number; message: string };
  messageIds?: number[];
  readerId?: number;
  userId?: number;
}

/** The web app's live feed on one replica, collecting what it receives. */
function subscribeFeed(live: LiveTrpc) {
  const items: FeedItem[] = [];
  let completed = false;
  const subscription = live.trpc.live.onEvent.subscribe(undefined, {
    onData: (item) => items.push('data' in item ? item.data : item),
    onComplete: () => {
      completed = true;
    },
  });
  return { items, completed: () => completed, unsubscribe: () => subscription.unsubscribe() };
}

/**
 * Two API processes on one PostgreSQL database: this test process hosts one replica, a
 * child process runs the other. Nothing is shared between them but the database, so
 * events can only cross through LISTEN/NOTIFY and state only through tables.
 */
describeOnTwoReplicas('chat across two replica processes', (replicas) => {
  /** A user signed in on one replica (the child's login writes its session to the shared database). */
  const person = async (prefix: string, on: 'local' | 'child', systemRole: SystemRole = 'team_member') => {
    const user = await createUser(replicas.local, { username: uniqueName(prefix), systemRole });
    const client = await loginAs(on === 'local' ? replicas.local : { ...replicas.local, url: replicas.child.url }, user.username);
    return { user, client };
  };

  it('carries messages and read receipts both ways, over /ws and the tRPC subscription', async () => {
    const ana = await person('ana', 'local');
    const bea = await person('bea', 'child');
    const anaSocket = await openLiveSocket(replicas.local.url, ana.client);
    const beaSocket = await openLiveSocket(replicas.child.url, bea.client);
    const anaLive = createLiveTrpc(replicas.local.url, ana.client);
    const beaLive = createLiveTrpc(replicas.child.url, bea.client);
    const anaFeed = subscribeFeed(anaLive);
    const beaFeed = subscribeFeed(beaLive);
    await expect.poll(() => anaFeed.items.some((i) => i.type === 'synced') && beaFeed.items.some((i) => i.type === 'synced')).toBe(true);

    // Local → child over /ws; the sender's own socket gets the stored message too.
    anaSocket.send({ type: 'chat', receiverId: bea.user.id, content: 'de la réplica local' });
    const first = await beaSocket.next((f) => f.type === 'chat' && f.message.message === 'de la réplica local');
    await anaSocket.next((f) => f.type === 'chat' && f.message.id === first.message.id);
    await expect.poll(() => beaFeed.items.some((i) => i.message?.id === first.message.id)).toBe(true);

    // Read on the child (tRPC) → receipt on the local replica, on both protocols.
    await beaLive.trpc.chat.markConversationRead.mutate({ userId: ana.user.id });
    expect(await anaSocket.next((f) => f.type === 'read' && f.readerId === bea.user.id)).toEqual({
      type: 'read',
      messageIds: [first.message.id],
      readerId: bea.user.id,
    });
    await expect
      .poll(() => anaFeed.items.find((i) => i.type === 'read' && i.readerId === bea.user.id))
      .toEqual({ type: 'read', messageIds: [first.message.id], readerId: bea.user.id });

    // Child → local over /ws.
    beaSocket.send({ type: 'chat', receiverId: ana.user.id, content: 'de la réplica hija' });
    const second = await anaSocket.next((f) => f.type === 'chat' && f.message.message === 'de la réplica hija');
    await beaSocket.next((f) => f.type === 'chat' && f.message.id === second.message.id);
    await expect.poll(() => anaFeed.items.some((i) => i.message?.id === second.message.id)).toBe(true);

    // Read on the local replica (REST) → receipt on the child, on both protocols.
    expect((await ana.client.post(`/api/chat/messages/${second.message.id}/read`)).status).toBeLessThan(300);
    expect(await beaSocket.next((f) => f.type === 'read' && f.readerId === ana.user.id)).toEqual({
      type: 'read',
      messageIds: [second.message.id],
      readerId: ana.user.id,
    });
    await expect
      .poll(() => beaFeed.items.find((i) => i.type === 'read' && i.readerId === ana.user.id))
      .toEqual({ type: 'read', messageIds: [second.message.id], readerId: ana.user.id });

    // REST send on the child reaches the local socket, once.
    const reply = await bea.client.post('/api/chat/messages', { receiverId: ana.user.id, message: 'por REST en la hija' });
    expect(reply.status).toBe(201);
    expect((await anaSocket.next((f) => f.type === 'chat' && f.message.message === 'por REST en la hija')).message.id).toBe(reply.body.id);
    await expect.poll(() => anaFeed.items.filter((i) => i.message?.id === reply.body.id)).toHaveLength(1);
    for (const socket of [anaSocket, beaSocket]) {
      const ids = socket.frames.filter((f) => f.type === 'chat').map((f) => f.message.id as number);
      expect(ids).toEqual([...new Set(ids)]);
    }

    anaFeed.unsubscribe();
    beaFeed.unsubscribe();
    await Promise.all([anaLive.wsClient.close(), beaLive.wsClient.close(), anaSocket.close(), beaSocket.close()]);
  });

  it('counts a client connected only to the child process as online, and announces it live', async () => {
    const carlos = await person('carlos', 'child');
    const viewer = await person('vera', 'local');
    const viewerTrpc = trpcClientFor(viewer.client);
    const viewerLive = createLiveTrpc(replicas.local.url, viewer.client);
    const viewerFeed = subscribeFeed(viewerLive);
    await expect.poll(() => viewerFeed.items.some((i) => i.type === 'synced')).toBe(true);
    expect(await viewerTrpc.chat.onlineUserIds.query()).not.toContain(carlos.user.id);

    const socket = await openLiveSocket(replicas.child.url, carlos.client);
    await expect.poll(() => viewerTrpc.chat.onlineUserIds.query()).toContain(carlos.user.id);
    await expect.poll(() => viewerFeed.items.some((i) => i.type === 'presence' && i.userId === carlos.user.id)).toBe(true);

    await socket.close();
    await expect.poll(() => viewerTrpc.chat.onlineUserIds.query()).not.toContain(carlos.user.id);
    viewerFeed.unsubscribe();
    await viewerLive.wsClient.close();
  });

  it.each([
    { loggedOutOn: 'the local replica', refusedOn: 'the child process' },
    { loggedOutOn: 'the child process', refusedOn: 'the local replica' },
  ] as const)('refuses on $refusedOn a session logged out on $loggedOutOn', async ({ loggedOutOn }) => {
    const user = await createUser(replicas.local, { username: uniqueName('salida') });
    const onLocal = await loginAs(replicas.local, user.username);
    const onChild = sameBrowserOn(onLocal, replicas.child.url);
    const [leaving, other, otherUrl] =
      loggedOutOn === 'the local replica' ? [onLocal, onChild, replicas.child.url] : [onChild, onLocal, replicas.local.url];
    const peer = await createUser(replicas.local, { username: uniqueName('par') });
    expect((await other.get('/api/auth/user')).status).toBe(200);
    const openSocket = await openLiveSocket(otherUrl, other);

    expect((await leaving.post('/api/logout')).status).toBeLessThan(300);

    expect((await other.get('/api/auth/user')).status).toBe(401);
    const refused = await openLiveSocket(otherUrl, other).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(RefusedUpgrade);
    expect((refused as RefusedUpgrade).status).toBe(401);
    // The socket opened before the logout ends at its next frame, which is not sent.
    openSocket.send({ type: 'chat', receiverId: peer.id, content: 'después de salir' });
    expect(await openSocket.closed).toEqual({ code: CHAT_LIMITS.normalCloseCode, reason: SESSION_ENDED_REASON });
    const stored = await replicas.local.database.db.selectFrom('chat_messages').select('id').where('sender_id', '=', user.id).execute();
    expect(stored).toEqual([]);
  });

  it('closes on the child process the socket and feed of a user deleted on the local replica', async () => {
    const admin = await person('admin', 'local', 'admin');
    const doomed = await person('baja', 'child');
    const socket = await openLiveSocket(replicas.child.url, doomed.client);
    const live = createLiveTrpc(replicas.child.url, doomed.client);
    const feed = subscribeFeed(live);
    await expect.poll(() => feed.items.some((i) => i.type === 'synced')).toBe(true);

    expect((await admin.client.delete(`/api/users/${doomed.user.id}`)).status).toBeLessThan(300);

    // No frame is sent and no heartbeat is awaited: the bus event alone closes them.
    expect(await socket.closed).toEqual({ code: CHAT_LIMITS.normalCloseCode, reason: SESSION_ENDED_REASON });
    await expect.poll(() => feed.completed()).toBe(true);
    await live.wsClient.close();
  });

  it('ends at once, on the other process, the sockets and feeds of a session logged out or of sessions a password change ended', async () => {
    const leaver = await person('salida', 'local');
    const onChild = sameBrowserOn(leaver.client, replicas.child.url);
    const left = await openBoth(replicas.child.url, onChild);
    expect((await leaver.client.post('/api/logout')).status).toBeLessThan(300);
    let leftClosed: unknown;
    void left.socket.closed.then((result) => (leftClosed = result));
    await expect.poll(() => leftClosed, AT_ONCE).toEqual({ code: CHAT_LIMITS.normalCloseCode, reason: SESSION_ENDED_REASON });
    await expect.poll(left.feedEnded, AT_ONCE).toBe(true);

    const changer = await person('clave', 'child');
    const otherSession = await loginAs(replicas.local, changer.user.username);
    const other = await openBoth(replicas.local.url, otherSession);
    const changed = await changer.client.post('/api/auth/password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'otra-clave-segura',
    });
    expect(changed.status).toBe(200);
    let otherClosed: unknown;
    void other.socket.closed.then((result) => (otherClosed = result));
    await expect.poll(() => otherClosed, AT_ONCE).toEqual({ code: CHAT_LIMITS.normalCloseCode, reason: SESSION_ENDED_REASON });
    await expect.poll(other.feedEnded, AT_ONCE).toBe(true);
    await Promise.all([left.live.wsClient.close(), other.live.wsClient.close()]);
  });

  it('reconnects a dropped listener and catches its connections up on what they missed', async () => {
    const dani = await person('dani', 'local');
    const eva = await person('eva', 'child');
    const evaSocket = await openLiveSocket(replicas.child.url, eva.client);
    await dani.client.post('/api/chat/messages', { receiverId: eva.user.id, message: 'antes del corte' });
    await evaSocket.next((f) => f.type === 'chat' && f.message.message === 'antes del corte');

    // Both replicas' LISTEN connections go; NOTIFYs sent before they come back reach no one.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`.execute(
      replicas.local.database.db,
    );
    const during = await dani.client.post('/api/chat/messages', { receiverId: eva.user.id, message: 'durante el corte' });
    expect(during.status).toBe(201);
    const caughtUp = await evaSocket.next((f) => f.type === 'chat' && f.message.message === 'durante el corte');
    expect(caughtUp.message.id).toBe(during.body.id);
    await dani.client.post('/api/chat/messages', { receiverId: eva.user.id, message: 'después del corte' });
    await evaSocket.next((f) => f.type === 'chat' && f.message.message === 'después del corte');
    expect(evaSocket.frames.filter((f) => f.type === 'chat' && f.message.message === 'durante el corte')).toHaveLength(1);
    await evaSocket.close();
  });
});
