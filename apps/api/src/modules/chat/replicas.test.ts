import { createTestDatabase, type TestDatabase } from '@crm/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.js';
import { type RunningServer, startServer } from '../../server.js';
import { ADMIN_PASSWORD, createUser, loginAs, type TestServer, uniqueName } from '../../test/harness.js';
import { createLiveTrpc, openLiveSocket } from '../../test/live-client.js';

const postgresUrl = process.env['TEST_DATABASE_URL'];

/** Two API processes' worth of servers on one PostgreSQL database: events cross through LISTEN/NOTIFY only. */
describe.skipIf(!postgresUrl)('chat across two replicas [postgres]', () => {
  let database: TestDatabase;
  let first: RunningServer;
  let second: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const env = { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ADMIN_PASSWORD, DATA_DIR: '/nonexistent' };
    first = await startServer(loadEnv(env), database);
    // The second replica opens its own pool from the URL, as a separate process would.
    second = await startServer(loadEnv({ ...env, DATABASE_URL: database.url }));
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  const asTestServer = (server: RunningServer) => ({ ...server, database }) as TestServer;

  it('carries messages and read receipts between clients on different replicas, over /ws and tRPC', async () => {
    const ana = await createUser(asTestServer(first), { username: uniqueName('ana') });
    const bea = await createUser(asTestServer(first), { username: uniqueName('bea') });
    const anaClient = await loginAs(asTestServer(first), ana.username);
    const beaClient = await loginAs(asTestServer(second), bea.username);
    const anaSocket = await openLiveSocket(first.url, anaClient);
    const beaSocket = await openLiveSocket(second.url, beaClient);
    const beaTrpc = createLiveTrpc(second.url, beaClient);
    const beaFeed: { type: string; message?: { message: string } }[] = [];
    const subscription = beaTrpc.trpc.chat.onEvent.subscribe(undefined, {
      onData: (item) => beaFeed.push(('data' in item ? item.data : item) as (typeof beaFeed)[number]),
    });
    await expect.poll(() => beaFeed.some((i) => i.type === 'synced')).toBe(true);

    anaSocket.send({ type: 'chat', receiverId: bea.id, content: 'de la réplica 1' });
    const delivered = await beaSocket.next((f) => f.type === 'chat' && f.message.message === 'de la réplica 1');
    await expect.poll(() => beaFeed.some((i) => i.message?.message === 'de la réplica 1')).toBe(true);
    await anaSocket.next((f) => f.type === 'chat' && f.message.id === delivered.message.id);

    await beaTrpc.trpc.chat.markConversationRead.mutate({ userId: ana.id });
    const receipt = await anaSocket.next((f) => f.type === 'read');
    expect(receipt).toEqual({ type: 'read', messageIds: [delivered.message.id], readerId: bea.id });

    // The other way round, through REST on the second replica.
    const reply = await beaClient.post('/api/chat/messages', { receiverId: ana.id, message: 'de la réplica 2' });
    expect((await anaSocket.next((f) => f.type === 'chat' && f.message.message === 'de la réplica 2')).message.id).toBe(reply.body.id);

    subscription.unsubscribe();
    await beaTrpc.wsClient.close();
    await Promise.all([anaSocket.close(), beaSocket.close()]);
  });

  it('sees presence from either replica', async () => {
    const carlos = await createUser(asTestServer(first), { username: uniqueName('carlos') });
    const client = await loginAs(asTestServer(first), carlos.username);
    const viewer = await loginAs(asTestServer(second), carlos.username);
    const socket = await openLiveSocket(first.url, client);
    const online = await createLiveTrpc(second.url, viewer);
    await expect.poll(() => online.trpc.chat.onlineUserIds.query()).toContain(carlos.id);
    await socket.close();
    await expect.poll(() => online.trpc.chat.onlineUserIds.query()).not.toContain(carlos.id);
    await online.wsClient.close();
  });

  it('reconnects a dropped listener and catches its connections up on what they missed', async () => {
    const dani = await createUser(asTestServer(first), { username: uniqueName('dani') });
    const eva = await createUser(asTestServer(first), { username: uniqueName('eva') });
    const daniClient = await loginAs(asTestServer(first), dani.username);
    const evaSocket = await openLiveSocket(second.url, await loginAs(asTestServer(second), eva.username));
    await daniClient.post('/api/chat/messages', { receiverId: eva.id, message: 'antes del corte' });
    await evaSocket.next((f) => f.type === 'chat' && f.message.message === 'antes del corte');

    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`.execute(
      database.db,
    );
    const during = await daniClient.post('/api/chat/messages', { receiverId: eva.id, message: 'durante el corte' });
    expect(during.status).toBe(201);
    const caughtUp = await evaSocket.next((f) => f.type === 'chat' && f.message.message === 'durante el corte');
    expect(caughtUp.message.id).toBe(during.body.id);
    await daniClient.post('/api/chat/messages', { receiverId: eva.id, message: 'después del corte' });
    await evaSocket.next((f) => f.type === 'chat' && f.message.message === 'después del corte');
    expect(evaSocket.frames.filter((f) => f.type === 'chat' && f.message.message === 'durante el corte')).toHaveLength(1);
    await evaSocket.close();
  });
});
