import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { createLiveTrpc } from '../../test/live-client.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describeWithServer('follow-ups', (server) => {
  let manager: ApiClient;
  let seller: ApiClient;
  let otherSeller: ApiClient;
  let sellerId: number;
  let managerId: number;
  let otherId: number;

  beforeAll(async () => {
    const names = {
      manager: uniqueName('manager'),
      seller: uniqueName('seller'),
      other: uniqueName('other'),
    };
    managerId = (
      await createUser(server(), {
        username: names.manager,
        systemRole: 'manager',
        firstName: 'Marta',
        lastName: 'Gómez',
      })
    ).id;
    sellerId = (
      await createUser(server(), {
        username: names.seller,
        firstName: 'Sergio',
        lastName: 'Ruiz',
      })
    ).id;
    otherId = (await createUser(server(), { username: names.other })).id;
    manager = await loginAs(server(), names.manager);
    seller = await loginAs(server(), names.seller);
    otherSeller = await loginAs(server(), names.other);
  });

  const newLead = async (assignedTo: number | null) =>
    (
      await manager.post('/api/leads', {
        name: uniqueName('Seguimiento '),
        email: `${uniqueName('f')}@ejemplo.es`,
        category: 'salud',
        description: 'Centro',
        assignedTo,
      })
    ).body.id as number;

  it("gives a follow-up to the lead's assignee by default, else its creator, and shows it in the lead list and history", async () => {
    const assigned = await newLead(sellerId);
    const set = await manager.post('/api/follow-ups', {
      leadId: assigned,
      dueAt: inHours(48),
      note: 'Llamar',
    });
    expect(set.status).toBe(201);
    expect(set.body).toMatchObject({
      leadId: assigned,
      owner: { id: sellerId, name: 'Sergio Ruiz' },
      note: 'Llamar',
      doneAt: null,
    });
    const unassigned = await newLead(null);
    expect(
      (
        await manager.post('/api/follow-ups', {
          leadId: unassigned,
          dueAt: inHours(1),
        })
      ).body.owner.id,
    ).toBe(managerId);
    const lead = await seller.get(`/api/leads/${assigned}`);
    expect(lead.body.nextFollowUp).toEqual({
      id: set.body.id,
      dueAt: set.body.dueAt,
    });
    expect((await seller.get(`/api/leads/${assigned}/history`)).body[0]).toMatchObject({
      type: 'follow_up_set',
      changes: { followUpId: set.body.id },
    });
    const done = await seller.put(`/api/follow-ups/${set.body.id}`, {
      done: true,
    });
    expect(done.body.doneAt).not.toBeNull();
    expect((await seller.get(`/api/leads/${assigned}`)).body.nextFollowUp).toBeNull();
    expect((await seller.get(`/api/leads/${assigned}/history`)).body[0].type).toBe('follow_up_done');
  });

  it('lets a team_member manage only their own, and refuses them the team scope', async () => {
    const leadId = await newLead(otherId);
    const mine = await seller.post('/api/follow-ups', {
      leadId,
      dueAt: inHours(2),
    });
    expect(mine.body.owner.id).toBe(sellerId);
    const forOther = await seller.post('/api/follow-ups', {
      leadId,
      dueAt: inHours(2),
      ownerId: otherId,
    });
    expect(forOther.status).toBe(403);
    const managers = await manager.post('/api/follow-ups', {
      leadId,
      dueAt: inHours(3),
      ownerId: otherId,
    });
    expect(managers.status).toBe(201);
    expect((await seller.put(`/api/follow-ups/${managers.body.id}`, { note: 'no' })).status).toBe(403);
    expect((await seller.delete(`/api/follow-ups/${managers.body.id}`)).status).toBe(403);
    expect((await otherSeller.put(`/api/follow-ups/${mine.body.id}`, { done: true })).status).toBe(403);
    expect(
      (
        await manager.put(`/api/follow-ups/${mine.body.id}`, {
          note: 'Revisado',
        })
      ).body.note,
    ).toBe('Revisado');
    expect((await seller.get('/api/follow-ups?scope=team')).status).toBe(403);
    expect((await manager.get('/api/follow-ups?scope=team')).status).toBe(200);
    expect((await seller.delete(`/api/follow-ups/${mine.body.id}`)).status).toBe(200);
    expect((await seller.delete(`/api/follow-ups/${mine.body.id}`)).status).toBe(404);
    const bad = await seller.post('/api/follow-ups', {
      leadId,
      dueAt: 'mañana',
    });
    expect(bad.status).toBe(400);
    expect(
      (
        await seller.post('/api/follow-ups', {
          leadId: 999999,
          dueAt: inHours(1),
        })
      ).status,
    ).toBe(404);
    const refused = await trpcFailure(trpcClientFor(seller).followUps.list.query({ scope: 'team', due: 'all' }));
    expect(refused.data?.code).toBe('FORBIDDEN');
  });

  it("lists 'Mis seguimientos' by due window and counts overdue + today in the badge", async () => {
    const name = uniqueName('agenda');
    const id = (await createUser(server(), { username: name })).id;
    const client = await loginAs(server(), name);
    const leadId = await newLead(id);
    // A past time is refused at creation: one set for later falls overdue (moved back in the database).
    const overdue = (await client.post('/api/follow-ups', { leadId, dueAt: inHours(1) })).body.id;
    await server()
      .ctx.db.updateTable('follow_ups')
      .set({ due_at: new Date(inHours(-3)) })
      .where('id', '=', overdue)
      .execute();
    const upcoming = (await client.post('/api/follow-ups', { leadId, dueAt: inHours(24 * 3) })).body.id;
    const ids = async (query: string) => (await client.get(`/api/follow-ups?${query}`)).body.map((f: { id: number }) => f.id);
    expect(await ids('scope=mine&due=overdue')).toEqual([overdue]);
    expect(await ids('scope=mine&due=upcoming')).toEqual([upcoming]);
    expect(await ids('scope=mine&due=all&done=false')).toEqual([overdue, upcoming]);
    expect((await client.get('/api/follow-ups/badge')).body).toEqual({
      count: 1,
    });
    expect(await trpcClientFor(client).followUps.badge.query()).toEqual({
      count: 1,
    });
    await client.put(`/api/follow-ups/${overdue}`, { done: true });
    expect(await ids('due=all&done=true')).toEqual([overdue]);
    expect((await client.get('/api/follow-ups/badge')).body).toEqual({
      count: 0,
    });
  });

  describe('reminders', () => {
    it("tells the owner's live feed once when a follow-up falls due, and again after a reschedule", async () => {
      const live = createLiveTrpc(server().url, seller);
      const due: number[] = [];
      const subscription = live.trpc.live.onEvent.subscribe(undefined, {
        onData: (item) => {
          const event = 'data' in item ? item.data : item;
          if (event.type === 'followUpDue') due.push(event.followUp.id);
        },
      });
      try {
        const leadId = await newLead(sellerId);
        const followUp = (
          await seller.post('/api/follow-ups', {
            leadId,
            dueAt: new Date(Date.now() + 300).toISOString(),
          })
        ).body.id;
        await expect.poll(() => due, { timeout: 10_000 }).toEqual([followUp]);
        await seller.put(`/api/follow-ups/${followUp}`, {
          dueAt: new Date(Date.now() + 300).toISOString(),
        });
        await expect.poll(() => due, { timeout: 10_000 }).toEqual([followUp, followUp]);
        const row = await server()
          .ctx.db.selectFrom('follow_ups')
          .select('reminded_at')
          .where('id', '=', followUp)
          .executeTakeFirstOrThrow();
        expect(row.reminded_at).not.toBeNull();
      } finally {
        subscription.unsubscribe();
        await live.wsClient.close();
      }
    });
  });
});
