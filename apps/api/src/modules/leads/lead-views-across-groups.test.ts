/**
 * CONTRACT §8: 'Mis leads' and every assignee filter cross groups; 'Te asignaron N leads' opens
 * exactly those leads; the spec's default view says how many leads it leaves in groups.
 */
import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { trpcClientFor } from '../../test/trpc-client.js';

describeWithServer('lead views across groups', (server) => {
  let manager: ApiClient;
  let seller: ApiClient;
  let other: ApiClient;
  let sellerId: number;

  beforeAll(async () => {
    const names = { manager: uniqueName('man'), seller: uniqueName('ven'), other: uniqueName('otro') };
    await createUser(server(), { username: names.manager, systemRole: 'manager' });
    sellerId = (await createUser(server(), { username: names.seller })).id;
    await createUser(server(), { username: names.other });
    manager = await loginAs(server(), names.manager);
    seller = await loginAs(server(), names.seller);
    other = await loginAs(server(), names.other);
  });

  it("shows a seller's distributed leads in 'Mis leads' and opens exactly the notified ones", async () => {
    const tag = uniqueName('g').toLowerCase();
    const csv = [
      'name,categoryName,email',
      ...Array.from({ length: 6 }, (_, index) => `Empresa ${tag} ${index},retail,e${index}.${tag}@x.es`),
    ];
    const form = new FormData();
    form.append('file', new Blob([csv.join('\n')]), 'empresas.csv');
    form.append('groupName', `Grupo ${tag}`);
    const imported = await manager.post('/api/leads/import', form);
    expect(imported.status).toBe(200);
    const inGroup = (await manager.get(`/api/leads?groupId=${imported.body.groupId}&limit=50`)).body.items;
    const given = inGroup.slice(0, 4).map((lead: { id: number }) => lead.id);
    expect((await manager.post('/api/leads/bulk', { action: 'assign', ids: given, assignedTo: sellerId })).status).toBe(200);

    // The spec's default view still lists ungrouped leads only, and says how many wait in groups.
    const plain = await seller.get(`/api/leads?view=leads&q=${tag}`);
    expect(plain.body.items).toEqual([]);
    expect((await seller.get(`/api/leads/counts?q=${tag}`)).body).toMatchObject({ leads: 0, inGroups: 6 });
    // 'Mis leads' crosses groups, on both doors and on the board.
    const mine = await seller.get(`/api/leads?view=leads&assignedTo=me&q=${tag}`);
    expect(mine.body.items.map((lead: { id: number }) => lead.id).sort()).toEqual([...given].sort());
    const viaTrpc = await trpcClientFor(seller).leads.list.query({ view: 'leads', assignedTo: 'me', q: tag });
    expect(viaTrpc.items).toHaveLength(4);
    expect((await seller.get(`/api/leads/counts?assignedTo=me&q=${tag}`)).body).toMatchObject({ leads: 4, inGroups: 0 });
    expect((await manager.get(`/api/leads?view=leads&assignedTo=none&q=${tag}`)).body.items).toHaveLength(2);

    const notice = (await seller.get('/api/notifications')).body.find((item: { title: string }) => item.title === 'Te asignaron 4 leads');
    expect(notice).toBeDefined();
    const opened = await seller.get(`/api/leads?view=leads&notificationId=${notice.id}`);
    expect(opened.body.items.map((lead: { id: number }) => lead.id).sort()).toEqual([...given].sort());
    // Someone else's notification opens nothing.
    expect((await other.get(`/api/leads?view=leads&notificationId=${notice.id}`)).body.items).toEqual([]);
    expect((await seller.get('/api/leads?notificationId=abc')).status).toBe(400);
  });

  it("starts a seller's dashboard on his own leads, the team's a parameter away", async () => {
    const mine = await seller.get('/api/dashboard/summary?scope=mine');
    const team = await seller.get('/api/dashboard/summary');
    expect(mine.status).toBe(200);
    expect(mine.body.totalLeads.value).toBeLessThan(team.body.totalLeads.value);
    expect((await seller.get('/api/dashboard/summary?scope=todos')).status).toBe(400);
  });

  it('refuses a follow-up in the past with a Spanish 400 on both doors, and writes nothing', async () => {
    const lead = await manager.post('/api/leads', {
      name: uniqueName('Agenda '),
      email: `${uniqueName('a')}@x.es`,
      category: 'retail',
      description: 'd',
    });
    const past = new Date(Date.now() - 10 * 60_000).toISOString();
    const refused = await seller.post('/api/follow-ups', { leadId: lead.body.id, dueAt: past });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('La fecha y hora ya pasaron: elige un momento futuro');
    const later = await seller.post('/api/follow-ups', { leadId: lead.body.id, dueAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(later.status).toBe(201);
    expect((await seller.put(`/api/follow-ups/${later.body.id}`, { dueAt: past })).status).toBe(400);
    expect((await seller.put(`/api/follow-ups/${later.body.id}`, { done: true })).status).toBe(200);
    expect((await seller.get(`/api/leads/${lead.body.id}`)).body.nextFollowUp).toBeNull();
  });
});
