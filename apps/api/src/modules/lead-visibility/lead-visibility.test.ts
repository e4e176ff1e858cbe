/**
 * Who sees what: a Vendedor whose role sees 'solo los suyos' (or 'su equipo') walks every door that
 * reads leads, refusals first. A lead he may not see is a 404 wherever he names it, and is absent
 * wherever he lists, counts, searches, exports or is told about leads.
 */
import { beforeAll, expect, it } from 'vitest';
import { ApiClient, type ApiResponse, createUser, describeWithServer, loginAs, uniqueName, uniquePhone } from '../../test/harness.js';
import { trpcClientFor, trpcClientWithToken, trpcFailure } from '../../test/trpc-client.js';

interface Lead {
  id: number;
  name: string;
}
type Person = { id: number; client: ApiClient };

describeWithServer('lead visibility', (server) => {
  let admin: Person;
  let manager: Person;
  let vera: Person;
  let tomas: Person;
  let lone: Person;
  const prefix = uniqueName('Vis');
  const leads: Record<'mine' | 'teammate' | 'myUnassigned' | 'othersUnassigned' | 'outsider', Lead> = {} as never;

  const person = async (name: string, systemRole: 'admin' | 'manager' | 'team_member' = 'team_member'): Promise<Person> => {
    const user = await createUser(server(), { username: uniqueName(name), systemRole, firstName: name, lastName: 'Prueba' });
    return { id: user.id, client: await loginAs(server(), user.username) };
  };
  const newLead = async (label: string, assignedTo: number | null, createdBy?: number): Promise<Lead> => {
    const created = await admin.client.post<Lead>('/api/leads', {
      name: `${prefix} ${label}`,
      phone: uniquePhone(),
      category: 'salud',
      description: 'Prueba de visibilidad',
      ...(assignedTo === null ? {} : { assignedTo }),
    });
    expect(created.status).toBe(201);
    if (createdBy !== undefined) {
      await server().ctx.db.updateTable('leads').set({ created_by: createdBy }).where('id', '=', created.body.id).execute();
    }
    return created.body;
  };
  const setVisibility = async (role: string, visibility: string) => {
    const response = await admin.client.put(`/api/roles/${role}/lead-visibility`, { visibility });
    expect(response.status).toBe(200);
  };
  const ids = (items: { id: number }[]) => items.map((item) => item.id).sort((a, b) => a - b);
  const idsOf = (...which: (keyof typeof leads)[]) => which.map((key) => leads[key].id).sort((a, b) => a - b);
  /** Every lead of this file he sees, by the spec's unparametrised GET /api/leads. */
  const listed = async (client: ApiClient) =>
    ids((await client.get<Lead[]>('/api/leads')).body.filter((lead) => lead.name.startsWith(prefix)));

  beforeAll(async () => {
    admin = await person('jefa', 'admin');
    manager = await person('norte', 'manager');
    vera = await person('vera');
    tomas = await person('tomas');
    lone = await person('lone');
    const team = await admin.client.post<{ id: number }>('/api/teams', { name: uniqueName('Equipo '), managerId: manager.id });
    for (const member of [vera, tomas])
      expect((await admin.client.put(`/api/users/${member.id}`, { teamId: team.body.id })).status).toBe(200);
    leads.mine = await newLead('Mía', vera.id);
    leads.teammate = await newLead('De Tomás', tomas.id);
    leads.myUnassigned = await newLead('Sin asignar de Vera', null, vera.id);
    leads.othersUnassigned = await newLead('Sin asignar de la jefa', null);
    leads.outsider = await newLead('De Lone', lone.id);
    await setVisibility('team_member', 'own');
  });

  const hidden = () => [leads.teammate, leads.othersUnassigned, leads.outsider];

  it('refuses anyone but an admin setting a role’s visibility, and an unknown value or role', async () => {
    expect((await manager.client.put('/api/roles/team_member/lead-visibility', { visibility: 'all' })).status).toBe(403);
    expect((await vera.client.put('/api/roles/team_member/lead-visibility', { visibility: 'all' })).status).toBe(403);
    expect((await admin.client.put('/api/roles/team_member/lead-visibility', { visibility: 'todo' })).status).toBe(400);
    expect((await admin.client.put('/api/roles/999999/lead-visibility', { visibility: 'own' })).status).toBe(404);
    const settings = await vera.client.get<{ systemRoles: Record<string, string> }>('/api/roles/lead-visibility');
    expect(settings.body.systemRoles).toMatchObject({ team_member: 'own', manager: 'all', admin: 'all' });
  });

  it('answers 404 for a lead he may not see on every door that names it, REST and tRPC', async () => {
    const trpc = trpcClientFor(vera.client);
    for (const lead of hidden()) {
      const doors: [string, string, unknown?][] = [
        ['GET', `/api/leads/${lead.id}`],
        ['GET', `/api/leads/${lead.id}/vcard`],
        ['GET', `/api/leads/${lead.id}/history`],
        ['GET', `/api/leads/${lead.id}/notes`],
        ['POST', `/api/leads/${lead.id}/notes`, { body: 'hola' }],
        ['PUT', `/api/leads/${lead.id}`, { status: 'contactado' }],
        ['POST', `/api/leads/${lead.id}/interactions`, { kind: 'call', outcome: 'contesto' }],
        ['POST', '/api/conversation-tracking', { leadId: lead.id, progressLevel: 'sin_respuesta', lastContactDate: '2026-11-01' }],
        ['POST', '/api/follow-ups', { leadId: lead.id, dueAt: new Date(Date.now() + 86_400_000).toISOString() }],
        ['POST', '/api/chat/messages', { receiverId: admin.id, leadId: lead.id }],
      ];
      for (const [method, path, body] of doors) {
        const response: ApiResponse = await vera.client.request(method, path, body);
        expect(response.status, `${method} ${path}`).toBe(404);
      }
      expect((await trpcFailure(trpc.leads.byId.query({ id: lead.id }))).data?.code).toBe('NOT_FOUND');
      expect((await trpcFailure(trpc.leadHistory.list.query({ leadId: lead.id }))).data?.code).toBe('NOT_FOUND');
    }
    // Nothing was written through any of them.
    const notes = await server()
      .ctx.db.selectFrom('lead_notes')
      .select('id')
      .where(
        'lead_id',
        'in',
        hidden().map((l) => l.id),
      )
      .execute();
    expect(notes).toEqual([]);
    expect((await admin.client.get<{ status: string }>(`/api/leads/${leads.teammate.id}`)).body.status).toBe('nuevo');
  });

  it('never lets a bulk action by ids or by filter touch a lead he may not see', async () => {
    const byIds = await vera.client.post<{ updated: number; skipped: number }>('/api/leads/bulk', {
      action: 'status',
      status: 'contactado',
      ids: [leads.mine.id, ...hidden().map((lead) => lead.id)],
    });
    expect(byIds.status).toBe(200);
    expect(byIds.body).toMatchObject({ updated: 1, skipped: 3 });
    const byFilter = await vera.client.post<{ updated: number }>('/api/leads/bulk', {
      action: 'status',
      status: 'contactado',
      filter: { q: prefix, view: 'leads', assignedTo: 'none' },
    });
    expect(byFilter.body.updated).toBe(1);
    const statuses = await server()
      .ctx.db.selectFrom('leads')
      .select(['id', 'status'])
      .where(
        'id',
        'in',
        hidden().map((l) => l.id),
      )
      .execute();
    expect(statuses.map((row) => row.status)).toEqual(['nuevo', 'nuevo', 'nuevo']);
  });

  it('lists, counts, searches, streams and boards only his own and his unassigned', async () => {
    const visible = idsOf('mine', 'myUnassigned');
    expect(await listed(vera.client)).toEqual(visible);
    const page = await vera.client.get<{ items: Lead[] }>(`/api/leads?q=${encodeURIComponent(prefix)}&view=contacted`);
    expect(ids(page.body.items).every((id) => visible.includes(id))).toBe(true);
    const counts = await vera.client.get<{ leads: number; contacted: number }>(`/api/leads/counts?q=${encodeURIComponent(prefix)}`);
    expect(counts.body.leads + counts.body.contacted).toBeLessThanOrEqual(2);
    const search = await vera.client.get<{ leads: Lead[] }>(`/api/search?q=${encodeURIComponent(prefix)}`);
    expect(ids(search.body.leads)).toEqual(visible);
    const board = await vera.client.get<{ columns: { count: number; items: Lead[] }[] }>(`/api/pipeline?q=${encodeURIComponent(prefix)}`);
    expect(ids(board.body.columns.flatMap((column) => column.items))).toEqual(visible);
    expect(board.body.columns.reduce((sum, column) => sum + column.count, 0)).toBe(2);
    const summary = await vera.client.get<{ totalLeads: { value: number } }>('/api/dashboard/summary?scope=team');
    expect(summary.body.totalLeads.value).toBe(2);
    const viaTrpc = await trpcClientFor(vera.client).leads.list.query({ q: prefix, view: 'contacted' });
    expect(viaTrpc.items.every((lead) => visible.includes(lead.id))).toBe(true);
    const activities = await vera.client.get<{ description: string }[]>('/api/activities/recent?limit=50');
    for (const lead of hidden()) expect(activities.body.some((a) => a.description.includes(lead.name))).toBe(false);
    const tracking = await vera.client.get<{ leadId: number }[]>('/api/conversation-tracking');
    expect(tracking.body.every((record) => visible.includes(record.leadId))).toBe(true);
  });

  it('shows a shared lead’s card in chat only to those who may see it', async () => {
    const general = (await admin.client.get<{ id: number; kind: string }[]>('/api/chat/channels')).body.find((c) => c.kind === 'general');
    expect((await admin.client.post(`/api/chat/channels/${general?.id}/messages`, { leadId: leads.outsider.id })).status).toBe(201);
    const seen = await vera.client.get<{ lead: Lead | null }[]>(`/api/chat/channels/${general?.id}/messages`);
    expect(seen.body.at(-1)?.lead).toBeNull();
    const byAdmin = await admin.client.get<{ lead: Lead | null }[]>(`/api/chat/channels/${general?.id}/messages`);
    expect(byAdmin.body.at(-1)?.lead?.id).toBe(leads.outsider.id);
  });

  it('lets an API token read as its owner', async () => {
    const created = await vera.client.post<{ token: string }>('/api/tokens', { name: 'lectura', scope: 'read' });
    expect(created.status).toBe(201);
    const plain = new ApiClient(server().url);
    const auth = { authorization: `Bearer ${created.body.token}` };
    expect((await plain.request('GET', `/api/leads/${leads.outsider.id}`, undefined, auth)).status).toBe(404);
    expect((await plain.request('GET', `/api/leads/${leads.mine.id}`, undefined, auth)).status).toBe(200);
    const trpc = trpcClientWithToken(server().url, created.body.token);
    expect((await trpcFailure(trpc.leads.byId.query({ id: leads.teammate.id }))).data?.code).toBe('NOT_FOUND');
  });

  it("'su equipo' adds the team's leads; a custom role narrows; an admin always sees all", async () => {
    await setVisibility('team_member', 'team');
    expect(await listed(vera.client)).toEqual(idsOf('mine', 'teammate', 'myUnassigned'));
    expect((await lone.client.get(`/api/leads/${leads.mine.id}`)).status).toBe(404);
    expect((await lone.client.get(`/api/leads/${leads.outsider.id}`)).status).toBe(200);

    await setVisibility('team_member', 'all');
    const role = await admin.client.post<{ id: number }>('/api/custom-roles', { name: uniqueName('becario'), displayName: 'Becarios' });
    await admin.client.post(`/api/users/${vera.id}/roles/${role.body.id}`);
    await setVisibility(String(role.body.id), 'own');
    expect(await listed(vera.client)).toEqual(idsOf('mine', 'myUnassigned'));
    expect((await tomas.client.get(`/api/leads/${leads.outsider.id}`)).status).toBe(200);

    await setVisibility('admin', 'own');
    expect((await admin.client.get(`/api/leads/${leads.outsider.id}`)).status).toBe(200);
    await setVisibility('admin', 'all');
    const audit = await admin.client.get<{ items: { action: string }[] }>('/api/audit?limit=100');
    expect(audit.body.items.map((entry) => entry.action)).toContain('leadVisibility.set');
  });
});
