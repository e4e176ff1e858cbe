import { expect, it } from 'vitest';
import { createUser, loginAs, uniqueName } from '../../test/harness.js';
import { describeOnTwoReplicas, sameBrowserOn } from '../../test/replicas.js';
import { createLiveTrpc, type LiveTrpc } from '../../test/live-client.js';

/** The follow-up ids a live feed was told fell due, in order. */
function dueFeed(live: LiveTrpc) {
  const ids: number[] = [];
  const subscription = live.trpc.live.onEvent.subscribe(undefined, {
    onData: (item) => {
      const event = 'data' in item ? item.data : item;
      if (event.type === 'followUpDue') ids.push(event.followUp.id);
    },
  });
  return { ids, stop: () => subscription.unsubscribe() };
}

/** Two replicas on one PostgreSQL database: each follow-up's reminder job runs on one of them, and claims the row once. */
describeOnTwoReplicas('follow-up reminders across two replica processes', (replicas) => {
  it('reminds each due follow-up exactly once, on the owner sessions of both replicas', async () => {
    const name = uniqueName('owner');
    const owner = await createUser(replicas.local, { username: name, systemRole: 'manager' });
    const onLocal = await loginAs(replicas.local, name);
    const onChild = sameBrowserOn(onLocal, replicas.child.url);
    const lives = [createLiveTrpc(replicas.local.url, onLocal), createLiveTrpc(replicas.child.url, onChild)];
    const feeds = lives.map(dueFeed);
    try {
      const lead = await onLocal.post('/api/leads', {
        name: uniqueName('Réplicas '),
        email: `${uniqueName('r')}@ejemplo.es`,
        category: 'salud',
        description: 'x',
        assignedTo: owner.id,
      });
      const dueAt = new Date(Date.now() + 1_000).toISOString();
      const ids: number[] = [];
      for (let index = 0; index < 40; index += 1) {
        const client = index % 2 === 0 ? onLocal : onChild;
        ids.push((await client.post('/api/follow-ups', { leadId: lead.body.id, dueAt })).body.id);
      }
      for (const feed of feeds) await expect.poll(() => feed.ids.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(ids.length);
      // A few more polling rounds of both replicas: nothing is claimed a second time.
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const feed of feeds) expect([...feed.ids].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      const unreminded = await replicas.local.ctx.db
        .selectFrom('follow_ups')
        .select('id')
        .where('id', 'in', ids)
        .where('reminded_at', 'is', null)
        .execute();
      expect(unreminded).toEqual([]);
    } finally {
      feeds.forEach((feed) => feed.stop());
      await Promise.all(lives.map((live) => live.wsClient.close()));
    }
  });
});
