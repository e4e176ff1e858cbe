import { SESSION_IDLE_MS } from '@crm/db';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { hashToken, SESSION_COOKIE } from '../sessions/session.js';
import { purgeExpiredSessionsJob } from '../modules/auth/sessions.jobs.js';
import { createUser, describeWithServer, loginAs, uniqueName } from '../test/harness.js';
import { createLiveTrpc, openLiveSocket } from '../test/live-client.js';

interface FeedItem {
  type: string;
  message?: { id: number; message: string };
}

describeWithServer('the live feed (tRPC live.onEvent)', (server) => {
  it('resumes after a forced disconnect from the last message it saw: nothing lost, nothing twice', async () => {
    const ana = await createUser(server(), { username: uniqueName('ana') });
    const bea = await createUser(server(), { username: uniqueName('bea') });
    const anaClient = await loginAs(server(), ana.username);
    const beaClient = await loginAs(server(), bea.username);
    // A slow retry leaves a clear gap in which messages can only arrive through the back-log.
    const { trpc, wsClient } = createLiveTrpc(server().url, anaClient, 700);

    const feed: FeedItem[] = [];
    const subscription = trpc.live.onEvent.subscribe(undefined, {
      onData: (item) => feed.push('data' in item ? item.data : item),
    });
    const synced = (times: number) => expect.poll(() => feed.filter((i) => i.type === 'synced').length, { timeout: 10_000 }).toBe(times);
    const send = async (text: string) =>
      (await beaClient.post('/api/chat/messages', { receiverId: ana.id, message: text })).body.id as number;
    const chatIds = () => feed.filter((i) => i.type === 'chat').map((i) => i.message?.id);

    await synced(1);
    const sent = [await send('uno'), await send('dos')];
    await expect.poll(chatIds).toEqual(sent);

    // Cut every socket on the server: the client reconnects on its own.
    for (const socket of server().app.websocketServer.clients) socket.terminate();
    sent.push(await send('tres'), await send('cuatro'), await send('cinco'));
    await synced(2);
    sent.push(await send('seis'));
    await expect.poll(chatIds).toEqual(sent);

    // A read receipt also reaches the subscription live.
    await anaClient.post(`/api/chat/messages/${sent[0]}/read`);
    await expect.poll(() => feed.some((i) => i.type === 'read')).toBe(true);
    subscription.unsubscribe();
    await wsClient.close();
  });

  it('requires a session for the socket and the chat role for the procedures', async () => {
    const user = await createUser(server(), { username: uniqueName('sin') });
    const client = await loginAs(server(), user.username);
    const { trpc, wsClient } = createLiveTrpc(server().url, client);
    expect(await trpc.chat.unreadTotal.query()).toBe(0);
    await client.post('/api/logout');
    await wsClient.close();
    const again = createLiveTrpc(server().url, client, 10_000);
    const failure = await Promise.race([
      again.trpc.chat.unreadTotal.query().then(
        () => 'answered',
        () => 'failed',
      ),
      new Promise((resolve) => setTimeout(() => resolve('no connection'), 1500)),
    ]);
    expect(failure).not.toBe('answered');
    await again.wsClient.close();
  });

  it('ends the live feed and /ws sockets of a session that expired unannounced (idle), at the next sweep', async () => {
    const user = await createUser(server(), { username: uniqueName('fin') });
    const client = await loginAs(server(), user.username);
    const { trpc, wsClient } = createLiveTrpc(server().url, client);
    let completed = false;
    const feed: string[] = [];
    trpc.live.onEvent.subscribe(undefined, {
      onData: (item) => feed.push(('data' in item ? item.data : item).type),
      onComplete: () => {
        completed = true;
      },
    });
    await expect.poll(() => feed).toContain('synced');
    const socket = await openLiveSocket(server().url, client);

    const idleSeconds = SESSION_IDLE_MS / 1000 + 60;
    const sessionId = hashToken(client.cookies.get(SESSION_COOKIE) ?? '');
    await sql`update sessions set last_seen_at = now() - make_interval(secs => ${idleSeconds}) where id = ${sessionId}`.execute(
      server().ctx.db,
    );
    await server().ctx.live.sweepSessions();
    await expect.poll(() => completed).toBe(true);
    expect((await socket.closed).code).toBe(1000);
    // The expired row goes with the cluster's scheduled purge (run here directly, not waiting for its minute).
    await purgeExpiredSessionsJob.handler(
      { ...server().ctx, database: { url: server().database.url, embedded: false } },
      {},
      { attempt: 0, signal: new AbortController().signal },
    );
    expect(await server().ctx.db.selectFrom('sessions').select('id').where('id', '=', sessionId).executeTakeFirst()).toBeUndefined();
    await wsClient.close();
  });
});
