/**
 * A restricted list is told when a lead leaves it, over the real tRPC WebSocket: whoever saw a lead
 * and may no longer (reassigned, deleted, merged away, its owner's team or their role changed) gets
 * its id alone, never its data; the others get the lead as before. Refusals first: nobody who could
 * not see a lead hears of it.
 */
import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, createUser, describeWithServer, loginAs, uniqueName, uniquePhone } from '../test/harness.js';
import { openFeed } from '../test/live-client.js';
import { describeOnTwoReplicas, sameBrowserOn } from '../test/replicas.js';
import { trpcClientFor } from '../test/trpc-client.js';
import { type LiveEvent, toWire } from './live-events.js';

type Person = { id: number; client: ApiClient };
type Feed = Awaited<ReturnType<typeof openFeed>>;

/**
 * Every event of `feed` that names lead `leadId`, in order, but its creation: each lead is created
 * before the feeds open, and its announcement crosses the bus (LISTEN/NOTIFY) on its own time, so
 * on a loaded machine it may still reach a feed opened after the create answered.
 */
const about = (feed: Feed, leadId: number) =>
  feed.events.filter(
    (event) =>
      !('change' in event && event.change === 'created') &&
      (('leadId' in event && event.leadId === leadId) || ('leadIds' in event && event.leadIds.includes(leadId))),
  );

/** Long enough for an event already published to have crossed the bus: what has not come by then is not coming. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describeWithServer('leads leaving a restricted reader’s sight', (server) => {
  let admin: Person;
  let manager: Person;
  /** 'Solo los suyos' through a custom role. */
  let vera: Person;
  /** 'Su equipo' through a custom role, in a team with Tomás. */
  let ines: Person;
  /** Sellers who see every lead (their role's default). */
  let tomas: Person;
  let lone: Person;
  let teamA: number;
  let teamB: number;
  let teamRoleId: number;

  const person = async (prefix: string, systemRole: 'admin' | 'manager' | 'team_member' = 'team_member'): Promise<Person> => {
    const user = await createUser(server(), { username: uniqueName(prefix), systemRole, firstName: prefix, lastName: 'Prueba' });
    return { id: user.id, client: await loginAs(server(), user.username) };
  };
  const newLead = async (assignedTo: number | null): Promise<number> => {
    const created = await admin.client.post<{ id: number }>('/api/leads', {
      name: uniqueName('Clínica '),
      phone: uniquePhone(),
      category: 'salud',
      description: 'Visibilidad en vivo',
      ...(assignedTo === null ? {} : { assignedTo }),
    });
    expect(created.status).toBe(201);
    return created.body.id;
  };
  const roleWith = async (visibility: 'own' | 'team', ...holders: Person[]): Promise<number> => {
    const role = await admin.client.post<{ id: number }>('/api/custom-roles', { name: uniqueName('rol'), displayName: uniqueName('Rol ') });
    expect(role.status).toBe(201);
    for (const holder of holders) expect((await admin.client.post(`/api/users/${holder.id}/roles/${role.body.id}`)).status).toBe(200);
    expect((await admin.client.put(`/api/roles/${role.body.id}/lead-visibility`, { visibility })).status).toBe(200);
    return role.body.id;
  };
  const feeds = async (...people: Person[]) => Promise.all(people.map((who) => openFeed(server().url, who.client)));
  const closeAll = (list: Feed[]) => Promise.all(list.map((feed) => feed.close()));

  beforeAll(async () => {
    admin = await person('jefa', 'admin');
    manager = await person('norte', 'manager');
    vera = await person('vera');
    ines = await person('ines');
    tomas = await person('tomas');
    lone = await person('lone');
    const team = async () =>
      (
        await admin.client.post<{ id: number }>('/api/teams', {
          name: uniqueName('Equipo '),
          managerId: (await person('jefe', 'manager')).id,
        })
      ).body.id;
    teamA = await team();
    teamB = await team();
    for (const member of [ines, tomas]) expect((await admin.client.put(`/api/users/${member.id}`, { teamId: teamA })).status).toBe(200);
    await roleWith('own', vera);
    teamRoleId = await roleWith('team', ines);
  });

  it('tells nobody who could not see the lead, and nothing to whom the change leaves it visible', async () => {
    const leadId = await newLead(lone.id);
    const open = await feeds(vera, ines, manager);
    const [veraFeed, inesFeed, managerFeed] = open;
    try {
      // Lone's lead goes to Tomás: Vera never saw it; Inés sees it only now (Tomás is in her team).
      expect((await manager.client.put(`/api/leads/${leadId}/assign`, { assignedTo: tomas.id })).status).toBe(200);
      await expect.poll(() => about(managerFeed!, leadId).map((event) => event.type)).toEqual(['leadChanged']);
      await expect.poll(() => about(inesFeed!, leadId).map((event) => event.type)).toEqual(['leadChanged']);
      // A status move and an edit do not move the lead out of anyone's sight.
      expect((await trpcClientFor(tomas.client).leads.markContacted.mutate({ id: leadId })).status).toBe('contactado');
      expect((await admin.client.put(`/api/leads/${leadId}`, { description: 'Otra descripción' })).status).toBe(200);
      await expect.poll(() => about(inesFeed!, leadId).length).toBe(3);
      await settle();
      expect(about(veraFeed!, leadId)).toEqual([]);
      expect(about(inesFeed!, leadId).some((event) => event.type === 'leadsHidden')).toBe(false);
      expect(about(managerFeed!, leadId).some((event) => event.type === 'leadsHidden')).toBe(false);
    } finally {
      await closeAll(open);
    }
  });

  it('sends the id alone to the seller a lead is reassigned away from, and the lead to whoever still sees it', async () => {
    const leadId = await newLead(vera.id);
    const open = await feeds(vera, tomas, manager);
    const [veraFeed, tomasFeed, managerFeed] = open;
    try {
      expect((await trpcClientFor(vera.client).leads.byId.query({ id: leadId })).id).toBe(leadId);
      const moved = await trpcClientFor(manager.client).leads.assign.mutate({ id: leadId, assignedTo: tomas.id });
      expect(moved.assignedTo).toBe(tomas.id);
      await expect.poll(() => about(veraFeed!, leadId)).toEqual([{ type: 'leadsHidden', leadIds: [leadId] }]);
      for (const feed of [tomasFeed!, managerFeed!]) {
        await expect
          .poll(() => about(feed, leadId))
          .toEqual([{ type: 'leadChanged', leadId, change: 'assigned', status: 'nuevo', lead: moved }]);
      }
      await settle();
      // Nothing of the lead reached her, then or later; it is a 404 to her now.
      expect(about(veraFeed!, leadId)).toEqual([{ type: 'leadsHidden', leadIds: [leadId] }]);
      expect(JSON.stringify(veraFeed!.events)).not.toContain(moved.name);
      expect((await vera.client.get(`/api/leads/${leadId}`)).status).toBe(404);

      // Back to her by an edit of the assignee: she gets the lead again, Tomás keeps it ('todos').
      expect((await admin.client.put(`/api/leads/${leadId}`, { assignedTo: vera.id })).status).toBe(200);
      await expect
        .poll(() => about(veraFeed!, leadId).at(-1))
        .toMatchObject({ type: 'leadChanged', change: 'assigned', lead: { id: leadId } });
      // And away again by the edit dialog: the id alone.
      expect((await admin.client.put(`/api/leads/${leadId}`, { assignedTo: lone.id })).status).toBe(200);
      await expect.poll(() => about(veraFeed!, leadId).at(-1)).toEqual({ type: 'leadsHidden', leadIds: [leadId] });
      await settle();
      expect(about(tomasFeed!, leadId).some((event) => event.type === 'leadsHidden')).toBe(false);
    } finally {
      await closeAll(open);
    }
  });

  it('hides a bulk reassignment, a deletion, a merge and a deleted colleague’s leads from those who lose them', async () => {
    const [bulkA, bulkB, kept, deleted, absorbed, survivor, inherited] = await Promise.all([
      newLead(vera.id),
      newLead(vera.id),
      newLead(vera.id),
      newLead(vera.id),
      newLead(vera.id),
      newLead(lone.id),
      newLead(tomas.id),
    ]);
    const open = await feeds(vera, ines, manager);
    const [veraFeed, inesFeed, managerFeed] = open;
    try {
      const bulk = await manager.client.post<{ updated: number }>('/api/leads/bulk', {
        ids: [bulkA, bulkB],
        action: 'assign',
        assignedTo: lone.id,
      });
      expect(bulk.body.updated).toBe(2);
      await expect
        .poll(() => veraFeed!.events.find((event) => event.type === 'leadsHidden' && event.leadIds.includes(bulkA)))
        .toEqual({ type: 'leadsHidden', leadIds: [bulkA, bulkB].sort((a, b) => a - b) });
      await expect
        .poll(() => managerFeed!.events.find((event) => event.type === 'leadsChanged' && event.leadIds.includes(bulkA)))
        .toMatchObject({ change: 'assigned' });

      expect((await admin.client.delete(`/api/leads/${deleted}`)).status).toBe(200);
      await expect.poll(() => about(veraFeed!, deleted)).toEqual([{ type: 'leadsHidden', leadIds: [deleted] }]);
      await expect
        .poll(() => about(managerFeed!, deleted))
        .toEqual([{ type: 'leadChanged', leadId: deleted, change: 'deleted', status: 'nuevo' }]);

      // The survivor keeps its assignee (Lone): the absorbed lead leaves Vera's sight.
      expect((await manager.client.post(`/api/leads/${survivor}/merge`, { otherId: absorbed, fields: {} })).status).toBe(200);
      await expect.poll(() => about(veraFeed!, absorbed)).toEqual([{ type: 'leadsHidden', leadIds: [absorbed] }]);

      // Tomás leaves: his open leads go to Lone, out of his team. Inés saw them, Vera never did.
      expect((await admin.client.delete(`/api/users/${tomas.id}?reassignTo=${lone.id}`)).status).toBe(200);
      await expect
        .poll(() => inesFeed!.events.find((event) => event.type === 'leadsHidden' && event.leadIds.includes(inherited)))
        .toBeDefined();
      await expect
        .poll(() => managerFeed!.events.find((event) => event.type === 'leadsChanged' && event.leadIds.includes(inherited)))
        .toMatchObject({ change: 'assigned' });
      await settle();
      expect(about(veraFeed!, inherited)).toEqual([]);
      expect(about(veraFeed!, kept)).toEqual([]);
      expect(managerFeed!.events.some((event) => event.type === 'leadsHidden')).toBe(false);
    } finally {
      await closeAll(open);
    }
  });

  it('reminds no one of a follow-up on a lead they may no longer see', async () => {
    const [lost, kept] = await Promise.all([newLead(vera.id), newLead(vera.id)]);
    // Long enough for the steps before the reassignment on a loaded machine: a reminder due while Vera
    // still saw the lead would rightly reach her.
    const dueAt = new Date(Date.now() + 6000).toISOString();
    const followUps: number[] = [];
    for (const leadId of [lost, kept]) {
      const created = await vera.client.post<{ id: number }>('/api/follow-ups', { leadId, dueAt, note: 'Llamar' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      followUps.push(created.body.id);
    }
    const [veraFeed] = await feeds(vera);
    try {
      expect((await manager.client.put(`/api/leads/${lost}/assign`, { assignedTo: lone.id })).status).toBe(200);
      const due = () => veraFeed!.events.flatMap((event) => (event.type === 'followUpDue' ? [event.followUp.leadId] : []));
      await expect.poll(due, { timeout: 20_000 }).toContain(kept);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(due()).toEqual([kept]);
      const notified = veraFeed!.events.flatMap((event) => (event.type === 'notification' ? [event.notification.leadId] : []));
      expect(notified).toContain(kept);
      expect(notified).not.toContain(lost);
      // Its reminder was claimed all the same: it does not come later either.
      const rows = await server().ctx.db.selectFrom('follow_ups').select('reminded_at').where('id', 'in', followUps).execute();
      expect(rows.every((row) => row.reminded_at !== null)).toBe(true);
    } finally {
      await veraFeed!.close();
    }
  });

  it("tells those whose sight a team move or a role's visibility changes, and no one else", async () => {
    // Tomás's place in team A went with his deactivation above: a new colleague of Inés.
    const pedro = await person('pedro');
    expect((await admin.client.put(`/api/users/${pedro.id}`, { teamId: teamA })).status).toBe(200);
    const leadId = await newLead(pedro.id);
    const open = await feeds(vera, ines, pedro, manager);
    const [veraFeed, inesFeed, pedroFeed, managerFeed] = open;
    const accessChanges = (feed: Feed) => feed.events.filter((event) => event.type === 'leadAccessChanged').length;
    try {
      expect((await ines.client.get(`/api/leads/${leadId}`)).status).toBe(200);
      // Pedro moves to team B: Inés no longer sees his leads.
      expect((await admin.client.put(`/api/users/${pedro.id}`, { teamId: teamB })).status).toBe(200);
      await expect.poll(() => accessChanges(inesFeed!)).toBe(1);
      expect((await ines.client.get(`/api/leads/${leadId}`)).status).toBe(404);
      // A name change moves no one: no event.
      expect((await admin.client.put(`/api/users/${pedro.id}`, { firstName: 'Pedro' })).status).toBe(200);
      // Inés's role goes from 'su equipo' to 'todos': she is told again.
      expect((await admin.client.put(`/api/roles/${teamRoleId}/lead-visibility`, { visibility: 'all' })).status).toBe(200);
      await expect.poll(() => accessChanges(inesFeed!)).toBe(2);
      expect((await ines.client.get(`/api/leads/${leadId}`)).status).toBe(200);
      // A refused change tells nobody.
      expect((await manager.client.put(`/api/roles/${teamRoleId}/lead-visibility`, { visibility: 'own' })).status).toBe(403);
      await settle();
      expect(accessChanges(inesFeed!)).toBe(2);
      for (const feed of [veraFeed!, pedroFeed!, managerFeed!]) expect(accessChanges(feed)).toBe(0);
    } finally {
      await closeAll(open);
    }
  });
});

describeOnTwoReplicas('leads leaving a restricted reader’s sight across two replicas', (replicas) => {
  it('tells a seller whose feed is on the other replica', async () => {
    const signIn = async (systemRole: 'admin' | 'team_member') => {
      const username = uniqueName(systemRole === 'admin' ? 'jefa' : 'vende');
      const user = await createUser(replicas.local, { username, systemRole });
      return { id: user.id, client: await loginAs(replicas.local, username) };
    };
    const admin = await signIn('admin');
    const seller = await signIn('team_member');
    const other = await signIn('team_member');
    expect((await admin.client.put('/api/roles/team_member/lead-visibility', { visibility: 'own' })).status).toBe(200);
    const lead = await admin.client.post<{ id: number }>('/api/leads', {
      name: uniqueName('Réplica '),
      phone: uniquePhone(),
      category: 'finanzas',
      description: 'Gestoría',
      assignedTo: seller.id,
    });
    const feed = await openFeed(replicas.child.url, sameBrowserOn(seller.client, replicas.child.url));
    try {
      expect((await admin.client.put(`/api/leads/${lead.body.id}/assign`, { assignedTo: other.id })).status).toBe(200);
      await expect.poll(() => about(feed, lead.body.id)).toEqual([{ type: 'leadsHidden', leadIds: [lead.body.id] }]);
      expect((await admin.client.put('/api/roles/team_member/lead-visibility', { visibility: 'all' })).status).toBe(200);
      await expect.poll(() => feed.events.filter((event) => event.type === 'leadAccessChanged')).toEqual([{ type: 'leadAccessChanged' }]);
    } finally {
      await feed.close();
    }
  });
});

it('splits a long list of hidden leads into NOTIFY payloads of 500 ids', () => {
  const leadIds = Array.from({ length: 1200 }, (_, index) => index + 1);
  const wires = toWire({ type: 'leadsHidden', leadIds } satisfies LiveEvent);
  expect(wires.map((wire) => (wire['leadIds'] as number[]).length)).toEqual([500, 500, 200]);
  expect(wires.flatMap((wire) => wire['leadIds'] as number[])).toEqual(leadIds);
  expect(toWire({ type: 'leadAccessChanged' })).toEqual([{ type: 'leadAccessChanged' }]);
});
