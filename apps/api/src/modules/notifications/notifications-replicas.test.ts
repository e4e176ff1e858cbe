/** Two API processes on one PostgreSQL database: notifications cross replicas, and a follow-up's reminder is written once. */
import { expect, it } from 'vitest';
import { createUser, loginAs, uniqueName } from '../../test/harness.js';
import { describeOnTwoReplicas, sameBrowserOn } from '../../test/replicas.js';
import { createLiveTrpc, type LiveTrpc } from '../../test/live-client.js';

/** The notifications a live feed received, in order. */
function notificationFeed(live: LiveTrpc) {
  const received: { id: number; kind: string; leadId: number | null }[] = [];
  let synced = false;
  const subscription = live.trpc.live.onEvent.subscribe(undefined, {
    onData: (item) => {
      const event = 'data' in item ? item.data : item;
      if (event.type === 'synced') synced = true;
      if (event.type === 'notification') received.push(event.notification);
    },
  });
  return { received, synced: () => synced, stop: () => subscription.unsubscribe() };
}

describeOnTwoReplicas('notifications across two replica processes', (replicas) => {
  it('a lead assigned on one replica reaches the assignee on the other; due follow-ups notify once each with both polling', async () => {
    const managerName = uniqueName('jefa');
    await createUser(replicas.local, { username: managerName, systemRole: 'manager' });
    const manager = await loginAs(replicas.local, managerName);
    const sellerName = uniqueName('vende');
    const seller = await createUser(replicas.local, { username: sellerName });
    const onLocal = await loginAs(replicas.local, sellerName);
    const onChild = sameBrowserOn(onLocal, replicas.child.url);
    const live = createLiveTrpc(replicas.child.url, onChild);
    const feed = notificationFeed(live);
    try {
      await expect.poll(feed.synced).toBe(true);
      const lead = await manager.post('/api/leads', {
        name: uniqueName('Réplica '),
        email: `${uniqueName('r')}@ejemplo.es`,
        category: 'salud',
        description: 'x',
        assignedTo: seller.id,
      });
      await expect.poll(() => feed.received.map((n) => [n.kind, n.leadId])).toEqual([['lead_assigned', lead.body.id]]);

      const dueAt = new Date(Date.now() + 1_000).toISOString();
      const ids: number[] = [];
      for (let index = 0; index < 30; index += 1) {
        const client = index % 2 === 0 ? onLocal : onChild;
        ids.push((await client.post('/api/follow-ups', { leadId: lead.body.id, dueAt })).body.id);
      }
      const due = () => feed.received.filter((n) => n.kind === 'follow_up_due');
      await expect.poll(() => due().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(ids.length);
      // More polling rounds of both replicas: nothing is written or sent a second time.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(due()).toHaveLength(ids.length);
      const rows = await replicas.local.ctx.db
        .selectFrom('notifications')
        .select(['follow_up_id'])
        .where('user_id', '=', seller.id)
        .where('kind', '=', 'follow_up_due')
        .execute();
      expect(rows.map((row) => row.follow_up_id).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([...ids].sort((a, b) => a - b));
    } finally {
      feed.stop();
      await live.wsClient.close();
    }
  });
});
