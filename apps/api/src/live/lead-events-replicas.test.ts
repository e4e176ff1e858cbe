/** Two API processes on one PostgreSQL database: a lead event carries its list item to a feed on the other replica. */
import { expect, it } from 'vitest';
import { createUser, loginAs, uniqueName, uniquePhone } from '../test/harness.js';
import { createLiveTrpc } from '../test/live-client.js';
import { describeOnTwoReplicas, sameBrowserOn } from '../test/replicas.js';
import { trpcClientFor } from '../test/trpc-client.js';

describeOnTwoReplicas('lead events across two replica processes', (replicas) => {
  it('delivers the list item with its dates on the other replica, and reads back one too large for a NOTIFY payload', async () => {
    const managerName = uniqueName('jefe');
    await createUser(replicas.local, { username: managerName, systemRole: 'manager' });
    const manager = trpcClientFor(await loginAs(replicas.local, managerName));
    const sellerName = uniqueName('vende');
    await createUser(replicas.local, { username: sellerName });
    const live = createLiveTrpc(replicas.child.url, sameBrowserOn(await loginAs(replicas.local, sellerName), replicas.child.url));
    const events: { type: string; leadId?: number; lead?: unknown }[] = [];
    const subscription = live.trpc.live.onEvent.subscribe(undefined, {
      onData: (item) => events.push('data' in item ? item.data : item),
    });
    try {
      await expect.poll(() => events.some((event) => event.type === 'synced')).toBe(true);
      const newLead = (description: string) =>
        manager.leads.create.mutate({
          name: uniqueName('Réplica '),
          email: null,
          phone: uniquePhone(),
          category: 'finanzas',
          description,
          assignedTo: null,
        });
      // 2,000 four-byte characters: 8,000 bytes of JSON, over what travels inline.
      for (const created of [await newLead('Gestoría'), await newLead('😀'.repeat(2000))]) {
        const marked = await manager.leads.markContacted.mutate({ id: created.id });
        await expect
          .poll(() => events.find((event) => event.type === 'leadChanged' && event.leadId === created.id && event.lead))
          .toMatchObject({ type: 'leadChanged', leadId: created.id, change: 'created' });
        await expect
          .poll(() => events.filter((event) => event.type === 'leadChanged' && event.leadId === created.id).at(-1)?.lead)
          .toEqual(marked);
      }
    } finally {
      subscription.unsubscribe();
      await live.wsClient.close();
    }
  });
});
