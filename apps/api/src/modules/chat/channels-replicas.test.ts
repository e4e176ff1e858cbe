import { expect, it } from 'vitest';
import { createUser, loginAs, uniqueName } from '../../test/harness.js';
import { describeOnTwoReplicas } from '../../test/replicas.js';
import { createLiveTrpc, openLiveSocket } from '../../test/live-client.js';

/** Two API processes on one PostgreSQL database: channel messages cross only through LISTEN/NOTIFY. */
describeOnTwoReplicas('channels across two replica processes', (replicas) => {
  const person = async (prefix: string, on: 'local' | 'child') => {
    const user = await createUser(replicas.local, { username: uniqueName(prefix) });
    const client = await loginAs(on === 'local' ? replicas.local : { ...replicas.local, url: replicas.child.url }, user.username);
    return { id: user.id, client, url: on === 'local' ? replicas.local.url : replicas.child.url };
  };

  it('a member removed on one replica stops receiving at once on the other', async () => {
    const ana = await person('ana', 'local');
    const bea = await person('bea', 'child');
    const carlos = await person('carlos', 'child');
    const channelId = (await ana.client.post<{ id: number }>('/api/chat/channels', { name: 'Obra', memberIds: [bea.id, carlos.id] })).body
      .id;
    const [beaSocket, carlosSocket] = await Promise.all([
      openLiveSocket(replicas.child.url, bea.client),
      openLiveSocket(replicas.child.url, carlos.client),
    ]);
    try {
      await ana.client.post(`/api/chat/channels/${channelId}/messages`, { message: 'antes' });
      await beaSocket.next((f) => f.type === 'chat' && f.message.message === 'antes');
      await carlosSocket.next((f) => f.type === 'chat' && f.message.message === 'antes');

      expect((await ana.client.put(`/api/chat/channels/${channelId}`, { memberIds: [carlos.id] })).status).toBe(200);
      await ana.client.post(`/api/chat/channels/${channelId}/messages`, { message: 'después' });
      await carlosSocket.next((f) => f.type === 'chat' && f.message.message === 'después');
      // Bea got nothing after her removal.
      await beaSocket.next((f) => f.type === 'chat' && f.message.message === 'antes');
      expect(beaSocket.frames.some((f) => f.type === 'chat' && f.message.message === 'después')).toBe(false);
      expect((await bea.client.get(`/api/chat/channels/${channelId}/messages`)).status).toBe(404);
      // Nor does a reconnecting feed replay it: the back-log follows membership.
      const live = createLiveTrpc(replicas.child.url, bea.client);
      const items: { type: string; message?: { message: string } }[] = [];
      const subscription = live.trpc.live.onEvent.subscribe(
        { lastEventId: '0' },
        { onData: (item) => items.push('data' in item ? item.data : item) },
      );
      await expect.poll(() => items.some((item) => item.type === 'synced')).toBe(true);
      expect(items.filter((item) => item.type === 'chat').map((item) => item.message?.message)).not.toContain('después');
      subscription.unsubscribe();
      await live.wsClient.close();
    } finally {
      await Promise.all([beaSocket.close(), carlosSocket.close()]);
    }
  });
});
