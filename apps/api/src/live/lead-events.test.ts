import { expect, it } from 'vitest';
import type { LeadListItem } from '@crm/domain';
import { createUser, describeWithServer, loginAs, uniqueName, uniquePhone } from '../test/harness.js';
import { createLiveTrpc, openFeed, openLiveSocket } from '../test/live-client.js';
import { trpcClientFor } from '../test/trpc-client.js';
import { feedAccepts } from './live-feed.js';
import { fromWire, type LiveEvent, toWire } from './live-events.js';

describeWithServer('lead events on the live feed', (server) => {
  async function signedIn(systemRole: 'admin' | 'manager' | 'team_member') {
    const user = await createUser(server(), { username: uniqueName(systemRole.slice(0, 4)), systemRole });
    return { user, client: await loginAs(server(), user.username) };
  }

  it('carries the changed lead as the list returns it to every role that may read leads, and never on /ws', async () => {
    const manager = await signedIn('manager');
    const seller = await signedIn('team_member');
    const created = await trpcClientFor(manager.client).leads.create.mutate({
      name: `Clínica ${uniqueName('sol')}`,
      email: null,
      phone: uniquePhone(),
      category: 'salud',
      description: 'Centro médico',
      assignedTo: null,
    });
    const sellerFeed = await openFeed(server().url, seller.client);
    const managerFeed = await openFeed(server().url, manager.client);
    const sellerSocket = await openLiveSocket(server().url, seller.client);
    try {
      // A Vendedor marks it contacted: every feed gets the lead item, the actor's own included.
      const marked = await trpcClientFor(seller.client).leads.markContacted.mutate({ id: created.id });
      const listed = (await trpcClientFor(seller.client).leads.list.query({ view: 'contacted', q: created.name })).items[0];
      expect(listed).toEqual(marked);
      for (const feed of [sellerFeed, managerFeed]) {
        await expect
          .poll(() =>
            feed.events.find((event) => event.type === 'leadChanged' && event.leadId === created.id && event.change === 'updated'),
          )
          .toEqual({ type: 'leadChanged', leadId: created.id, change: 'updated', status: 'contactado', lead: listed });
      }
      // /ws speaks only the documented chat protocol.
      sellerSocket.send({ type: 'typing', receiverId: manager.user.id });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(sellerSocket.frames.filter((frame) => frame.type === 'leadChanged')).toEqual([]);
    } finally {
      await Promise.all([sellerFeed.close(), managerFeed.close(), sellerSocket.close()]);
    }
  });

  it('announces a deleted lead without an item, and still answers the old name chat.onEvent', async () => {
    const admin = await signedIn('admin');
    const seller = await signedIn('team_member');
    const created = await trpcClientFor(admin.client).leads.create.mutate({
      name: `Ferretería ${uniqueName('sur')}`,
      email: null,
      phone: uniquePhone(),
      category: 'retail',
      description: 'Tienda',
      assignedTo: null,
    });
    const alias = createLiveTrpc(server().url, seller.client);
    const events: { type: string; leadId?: number; change?: string }[] = [];
    const subscription = alias.trpc.chat.onEvent.subscribe(undefined, {
      onData: (item) => events.push('data' in item ? item.data : item),
    });
    try {
      // Subscribed under the old name: it is the same feed, registered once it has synced.
      await expect.poll(() => events.some((event) => event.type === 'synced')).toBe(true);
      await trpcClientFor(admin.client).leads.delete.mutate({ id: created.id });
      // The lead's creation may still cross the bus after the subscription synced: the deletion is the one looked for.
      await expect
        .poll(() => events.find((event) => event.type === 'leadChanged' && event.leadId === created.id && event.change === 'deleted'))
        .toEqual({ type: 'leadChanged', leadId: created.id, change: 'deleted', status: 'nuevo' });
    } finally {
      subscription.unsubscribe();
      await alias.wsClient.close();
    }
  });

  it('tells everyone a group was deleted, once, so screens showing its leads ask again', async () => {
    const manager = await signedIn('manager');
    const seller = await signedIn('team_member');
    const tag = uniqueName('g').toLowerCase();
    const form = new FormData();
    form.append('file', new Blob([`name,categoryName,email\nBar ${tag},bar,${tag}@bar.es\n`]), 'grupo.csv');
    form.append('groupName', `Grupo ${tag}`);
    const imported = await manager.client.post('/api/leads/import', form);
    expect(imported.status).toBe(200);
    const sellerFeed = await openFeed(server().url, seller.client);
    try {
      expect((await manager.client.delete(`/api/lead-groups/${imported.body.groupId}`)).status).toBe(200);
      await expect
        .poll(() => sellerFeed.events.filter((event) => event.type === 'groupDeleted'))
        .toEqual([{ type: 'groupDeleted', groupId: imported.body.groupId }]);
      // A group already gone is a 404 and announces nothing more.
      expect((await manager.client.delete(`/api/lead-groups/${imported.body.groupId}`)).status).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(sellerFeed.events.filter((event) => event.type === 'groupDeleted')).toHaveLength(1);
    } finally {
      await sellerFeed.close();
    }
  });
});

it("takes lead events on a feed whose viewer may not use the chat, and none of the chat's", () => {
  const accepts = feedAccepts((action) => action !== 'chat.use');
  const types = (...list: LiveEvent['type'][]) => list;
  expect(types('leadChanged', 'leadsChanged', 'notification', 'importJob', 'followUpDue').every(accepts)).toBe(true);
  expect(types('chat', 'read', 'typing', 'channel', 'presence').some(accepts)).toBe(false);
  expect(feedAccepts(() => true)('chat')).toBe(true);
});

it('sends a lead item across replicas with its dates, and one too large for a NOTIFY payload as its id', async () => {
  const lead: LeadListItem = {
    id: 4,
    name: 'Clínica Sol',
    email: null,
    phone: '+34600000000',
    category: 'salud',
    description: 'x',
    status: 'contactado',
    assignedTo: null,
    groupId: null,
    contactedBy: 2,
    contactedAt: new Date('2026-11-20T10:00:00Z'),
    address: null,
    domain: null,
    createdAt: new Date('2026-11-01T10:00:00Z'),
    assignee: null,
    contactedByUser: { id: 2, firstName: 'Ana', lastName: null },
    tracking: null,
    nextFollowUp: { id: 9, dueAt: new Date('2026-12-01T09:00:00Z') },
    primaryContact: { id: 3, name: 'Ana Pérez', cargo: 'Gerente', email: null, phone: '+34600000001', whatsapp: '+34600000001' },
    amount: '1500.50',
    currency: 'EUR',
    expectedCloseDate: '2026-12-15',
    lostReason: null,
    tags: [{ id: 1, name: 'VIP', color: '#e64980' }],
    customFields: { provincia: 'Valencia' },
  };
  const event: LiveEvent = { type: 'leadChanged', leadId: 4, change: 'updated', status: 'contactado', lead };
  const overJson = JSON.parse(JSON.stringify(toWire(event)));
  expect(await fromWire(undefined as never, overJson)).toEqual([event]);
  const large = toWire({ ...event, lead: { ...lead, description: '😀'.repeat(2000) } });
  expect(large).toEqual([{ type: 'leadChanged', leadId: 4, change: 'updated', status: 'contactado', readBack: true }]);
});
