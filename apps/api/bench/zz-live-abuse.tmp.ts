import { createUser, loginAs, startTestServer } from '../src/test/harness.js';
import { createLiveTrpc, openLiveSocket } from '../src/test/live-client.js';

async function worstHealth(url: string, attack: () => Promise<void>): Promise<number> {
  let worst = 0;
  let running = true;
  const poll = (async () => {
    while (running) {
      const t = performance.now();
      await fetch(`${url}/api/health`);
      worst = Math.max(worst, performance.now() - t);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  await attack();
  running = false;
  await poll;
  return Math.round(worst);
}

for (const kind of ['pglite', 'postgres'] as const) {
  const server = await startTestServer(kind);
  const a = await createUser(server, { username: `a${kind}` });
  const b = await createUser(server, { username: `b${kind}` });
  const client = await loginAs(server, a.username);
  const socket = await openLiveSocket(server.url, client);
  const ws = await worstHealth(server.url, async () => {
    for (let i = 0; i < 3000; i += 1) socket.send({ type: 'chat', receiverId: b.id, content: `x ${i}` });
    await socket.next(() => socket.frames.length >= 3000 - 20, 60_000);
    await new Promise((r) => setTimeout(r, 200));
  });
  const client2 = await loginAs(server, b.username);
  const live = createLiveTrpc(server.url, client2);
  await live.trpc.chat.unreadTotal.query();
  const trpc = await worstHealth(server.url, async () => {
    await Promise.all(Array.from({ length: 3000 }, (_, i) => live.trpc.chat.send.mutate({ receiverId: a.id, message: `y ${i}` }).catch(() => undefined)));
  });
  const subs = await worstHealth(server.url, async () => {
    await Promise.all(
      Array.from(
        { length: 300 },
        () =>
          new Promise<void>((resolve) => {
            live.trpc.chat.onEvent.subscribe(undefined, { onData: () => resolve(), onError: () => resolve() });
          }),
      ),
    );
  });
  console.log(kind, { wsFlood3000: ws, trpcSend3000: trpc, subscriptions300: subs });
  await socket.close();
  await live.wsClient.close();
  await server.close();
}
process.exit(0);
