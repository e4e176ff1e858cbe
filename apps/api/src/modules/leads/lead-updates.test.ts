import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type TestServer, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { createLiveTrpc } from '../../test/live-client.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';

interface Actors {
  admin: ApiClient;
  manager: ApiClient;
  seller: ApiClient;
  other: ApiClient;
  anonymous: ApiClient;
  sellerId: number;
  otherId: number;
}

async function actors(server: TestServer): Promise<Actors> {
  const names = { admin: uniqueName('adm'), manager: uniqueName('man'), seller: uniqueName('sel'), other: uniqueName('oth') };
  await createUser(server, { username: names.admin, systemRole: 'admin', firstName: 'Ana', lastName: 'Admin' });
  await createUser(server, { username: names.manager, systemRole: 'manager' });
  const seller = await createUser(server, { username: names.seller, firstName: 'Sergio', lastName: 'Ruiz' });
  const other = await createUser(server, { username: names.other });
  return {
    admin: await loginAs(server, names.admin),
    manager: await loginAs(server, names.manager),
    seller: await loginAs(server, names.seller),
    other: await loginAs(server, names.other),
    anonymous: new ApiClient(server.url),
    sellerId: seller.id,
    otherId: other.id,
  };
}

describeWithServer('lead edits, assignment, mark contacted and tabs', (server) => {
  let a: Actors;
  beforeAll(async () => {
    a = await actors(server());
  });

  async function newLead(fields: Record<string, unknown> = {}): Promise<{ id: number; name: string }> {
    const response = await a.admin.post('/api/leads', {
      name: uniqueName('Lead '),
      email: `${uniqueName('l')}@empresa.es`,
      category: 'tecnologia',
      description: 'Software de gestión',
      ...fields,
    });
    expect(response.status).toBe(201);
    return response.body;
  }

  describe('PUT /api/leads/{id} as mark contacted', () => {
    it('records the session user and the server clock, whatever the client sends', async () => {
      const lead = await newLead();
      const before = Date.now();
      const response = await a.seller.put(`/api/leads/${lead.id}`, {
        status: 'contactado',
        contactedBy: a.otherId,
        contactedAt: '2001-01-01T00:00:00.000Z',
      });
      expect(response.status).toBe(200);
      expect(response.body.status).toBe('contactado');
      expect(response.body.contactedBy).toBe(a.sellerId);
      expect(response.body.contactedByUser).toEqual({ id: a.sellerId, firstName: 'Sergio', lastName: 'Ruiz' });
      const contactedAt = new Date(response.body.contactedAt).getTime();
      expect(contactedAt).toBeGreaterThanOrEqual(before - 1000);
      expect(contactedAt).toBeLessThanOrEqual(Date.now() + 1000);
      const activity = await server()
        .ctx.db.selectFrom('activities')
        .select('type')
        .where('lead_id', '=', lead.id)
        .where('type', '=', 'lead_contacted')
        .executeTakeFirst();
      expect(activity).toEqual({ type: 'lead_contacted' });
    });

    it('moves the lead from Leads Activos to Contactados, and the counts follow', async () => {
      const tag = uniqueName('tab').toLowerCase();
      const lead = await newLead({ name: `Tab ${tag}` });
      const before = await a.seller.get(`/api/leads/counts?q=${tag}`);
      expect(before.body).toMatchObject({ leads: 1, contacted: 0 });
      expect((await a.seller.get(`/api/leads?view=leads&q=${tag}`)).body.items).toHaveLength(1);

      const marked = await a.seller.put(`/api/leads/${lead.id}`, { status: 'contactado' });
      expect(marked.status).toBe(200);
      expect((await a.seller.get(`/api/leads?view=leads&q=${tag}`)).body.items).toHaveLength(0);
      expect((await a.seller.get(`/api/leads?view=contacted&q=${tag}`)).body.items.map((l: { id: number }) => l.id)).toEqual([lead.id]);
      const after = await a.seller.get(`/api/leads/counts?q=${tag}`);
      expect(after.body).toMatchObject({ leads: 0, contacted: 1 });
      expect(after.body.groups).toBeGreaterThanOrEqual(0);
    });

    it('keeps a contacted lead in Contactados when it becomes interesado or convertido', async () => {
      const tag = uniqueName('keep').toLowerCase();
      const lead = await newLead({ name: `Keep ${tag}`, assignedTo: a.sellerId });
      await a.seller.put(`/api/leads/${lead.id}`, { status: 'contactado' });
      await a.seller.put(`/api/leads/${lead.id}`, { status: 'interesado' });
      expect((await a.seller.get(`/api/leads?view=contacted&q=${tag}`)).body.items).toHaveLength(1);
      expect((await a.seller.get(`/api/leads?view=leads&q=${tag}`)).body.items).toHaveLength(0);
    });

    it('keeps the first record when an already contacted lead is marked again', async () => {
      const lead = await newLead();
      const first = await a.seller.put(`/api/leads/${lead.id}`, { status: 'contactado' });
      const second = await a.other.put(`/api/leads/${lead.id}`, { status: 'contactado' });
      expect(second.status).toBe(200);
      expect(second.body.contactedBy).toBe(a.sellerId);
      expect(second.body.contactedAt).toBe(first.body.contactedAt);
    });

    it('refuses marking a converted or lost-after-contact lead, whoever asks and on every transport, and changes nothing', async () => {
      const managerTrpc = trpcClientFor(a.manager);
      const live = createLiveTrpc(server().url, a.manager);
      try {
        const converted = await newLead();
        // A manager converts it straight from the edit dialog: nobody ever marked it contacted.
        expect((await a.manager.put(`/api/leads/${converted.id}`, { status: 'convertido' })).status).toBe(200);
        const lost = await newLead();
        await a.seller.put(`/api/leads/${lost.id}`, { status: 'contactado' });
        await a.manager.put(`/api/leads/${lost.id}`, { status: 'perdido' });
        for (const lead of [converted, lost]) {
          for (const client of [a.manager, a.admin, a.seller]) {
            const rest = await client.put(`/api/leads/${lead.id}`, { status: 'contactado' });
            expect(rest.status).toBe(409);
            expect(rest.body.message).toBe('Este lead ya no se puede marcar como contactado');
          }
          const overHttp = await trpcFailure(managerTrpc.leads.markContacted.mutate({ id: lead.id }));
          expect(overHttp.data?.code).toBe('CONFLICT');
          const overSocket = await trpcFailure(live.trpc.leads.markContacted.mutate({ id: lead.id }));
          expect(overSocket.message).toBe('Este lead ya no se puede marcar como contactado');
        }
        const rows = await server()
          .ctx.db.selectFrom('leads')
          .select(['id', 'status', 'contacted_by', 'converted_at'])
          .where('id', 'in', [converted.id, lost.id])
          .orderBy('id')
          .execute();
        expect(rows.map((row) => row.status)).toEqual(['convertido', 'perdido']);
        expect(rows[0]?.contacted_by).toBeNull();
        expect(rows[0]?.converted_at).toBeInstanceOf(Date);
        expect(rows[1]?.contacted_by).toBe(a.sellerId);
      } finally {
        await live.wsClient.close();
      }
    });

    it('lets a lost lead nobody reached be marked contacted', async () => {
      const lead = await newLead();
      await a.manager.put(`/api/leads/${lead.id}`, { status: 'perdido' });
      const marked = await a.seller.put(`/api/leads/${lead.id}`, { status: 'contactado' });
      expect(marked.status).toBe(200);
      expect(marked.body).toMatchObject({ status: 'contactado', contactedBy: a.sellerId });
    });

    it('answers 404 for an unknown lead and 400 for a bad id or status', async () => {
      expect((await a.seller.put('/api/leads/999999', { status: 'contactado' })).status).toBe(404);
      expect((await a.seller.put('/api/leads/999999', { status: 'contactado' })).body.message).toBe('Lead no encontrado');
      expect((await a.seller.put('/api/leads/abc', { status: 'contactado' })).body.message).toBe('Identificador inválido');
      const badStatus = await a.seller.put('/api/leads/1', { status: 'ganado' });
      expect(badStatus.status).toBe(400);
      expect(badStatus.body.message).toBe('Estado inválido');
      expect((await a.anonymous.put('/api/leads/1', { status: 'contactado' })).status).toBe(401);
    });
  });

  describe('status moves by a team_member', () => {
    it('lets the assignee move their lead to interesado, convertido and perdido', async () => {
      const lead = await newLead({ assignedTo: a.sellerId });
      for (const status of ['interesado', 'convertido', 'perdido']) {
        const response = await a.seller.put(`/api/leads/${lead.id}`, { status });
        expect(response.status, status).toBe(200);
        expect(response.body.status).toBe(status);
      }
    });

    it('lets whoever contacted the lead move it too', async () => {
      const lead = await newLead();
      await a.other.put(`/api/leads/${lead.id}`, { status: 'contactado' });
      expect((await a.other.put(`/api/leads/${lead.id}`, { status: 'interesado' })).status).toBe(200);
    });

    it('refuses moves on someone else’s lead, back to nuevo, and pulling a converted lead back to contactado', async () => {
      const lead = await newLead({ assignedTo: a.otherId });
      expect((await a.seller.put(`/api/leads/${lead.id}`, { status: 'interesado' })).status).toBe(403);
      const foreign = await a.seller.put(`/api/leads/${lead.id}`, { status: 'convertido' });
      expect(foreign.status).toBe(403);
      expect(foreign.body.message).toMatch(/^Solo puedes mover tus leads/);
      const back = await a.other.put(`/api/leads/${lead.id}`, { status: 'nuevo' });
      expect(back.status).toBe(403);
      expect(back.body.message).toBe('Tus leads solo pueden pasar a Interesado, Convertido o Perdido');
      await a.other.put(`/api/leads/${lead.id}`, { status: 'convertido' });
      const pulled = await a.seller.put(`/api/leads/${lead.id}`, { status: 'contactado' });
      expect(pulled.status).toBe(409);
      expect(pulled.body.message).toBe('Este lead ya no se puede marcar como contactado');
    });

    it('refuses any other field from a team_member, even on their own lead, and changes nothing', async () => {
      const lead = await newLead({ assignedTo: a.sellerId });
      const response = await a.seller.put(`/api/leads/${lead.id}`, { status: 'interesado', name: 'Cambiado' });
      expect(response.status).toBe(403);
      const unchanged = await a.seller.get(`/api/leads/${lead.id}`);
      expect(unchanged.body).toMatchObject({ name: lead.name, status: 'nuevo' });
    });
  });

  describe('the edit dialog (admin, manager)', () => {
    it('changes every field and keeps the search in step', async () => {
      const lead = await newLead();
      const tag = uniqueName('ed').toLowerCase();
      const response = await a.manager.put(`/api/leads/${lead.id}`, {
        name: `Inmobiliaria Éxito ${tag}`,
        email: `contacto.${tag}@exito.es`,
        phone: '+34 955 000 111',
        category: 'inmobiliario',
        description: 'Pisos en Triana',
        address: 'Calle Betis 1, Sevilla',
        domain: 'exito.es',
        assignedTo: a.otherId,
        status: 'interesado',
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        name: `Inmobiliaria Éxito ${tag}`,
        category: 'inmobiliario',
        address: 'Calle Betis 1, Sevilla',
        assignedTo: a.otherId,
        status: 'interesado',
      });
      const found = await a.seller.get(`/api/leads?q=${encodeURIComponent(`exito ${tag}`)}`);
      expect(found.body.items.map((l: { id: number }) => l.id)).toEqual([lead.id]);
    });

    it('stamps converted_at and writes lead_converted when a lead becomes convertido', async () => {
      const lead = await newLead();
      await a.admin.put(`/api/leads/${lead.id}`, { status: 'convertido' });
      const row = await server().ctx.db.selectFrom('leads').select('converted_at').where('id', '=', lead.id).executeTakeFirstOrThrow();
      expect(row.converted_at).toBeInstanceOf(Date);
      const activity = await server()
        .ctx.db.selectFrom('activities')
        .select('description')
        .where('lead_id', '=', lead.id)
        .where('type', '=', 'lead_converted')
        .executeTakeFirst();
      expect(activity?.description).toBe(`Ana Admin convirtió el lead ${lead.name}`);
      await a.admin.put(`/api/leads/${lead.id}`, { status: 'interesado' });
      const reopened = await server().ctx.db.selectFrom('leads').select('converted_at').where('id', '=', lead.id).executeTakeFirstOrThrow();
      expect(reopened.converted_at).toBeNull();
    });

    it('validates the limits in Spanish', async () => {
      const lead = await newLead();
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '' }, 'El nombre es requerido'],
        [{ name: 'x'.repeat(201) }, 'Máximo 200 caracteres'],
        [{ description: 'x'.repeat(5001) }, 'Máximo 5000 caracteres'],
        [{ email: 'mal' }, 'Email inválido'],
        [{ category: 'moda' }, 'La categoría es requerida'],
      ];
      for (const [body, message] of cases) {
        const response = await a.admin.put(`/api/leads/${lead.id}`, body);
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(message);
      }
    });
  });

  describe('PUT /api/leads/{id}/assign', () => {
    it('assigns for admin and manager, with the assignee on the answer', async () => {
      const lead = await newLead();
      const response = await a.manager.put(`/api/leads/${lead.id}/assign`, { assignedTo: a.sellerId });
      expect(response.status).toBe(200);
      expect(response.body.assignee).toEqual({ id: a.sellerId, firstName: 'Sergio', lastName: 'Ruiz' });
      expect((await a.admin.put(`/api/leads/${lead.id}/assign`, { assignedTo: String(a.otherId) })).body.assignedTo).toBe(a.otherId);
    });

    it('refuses a team_member, an anonymous caller, unknown leads and unknown users', async () => {
      const lead = await newLead();
      expect((await a.seller.put(`/api/leads/${lead.id}/assign`, { assignedTo: a.sellerId })).status).toBe(403);
      expect((await a.anonymous.put(`/api/leads/${lead.id}/assign`, { assignedTo: a.sellerId })).status).toBe(401);
      expect((await a.admin.put('/api/leads/999999/assign', { assignedTo: a.sellerId })).status).toBe(404);
      const unknownUser = await a.admin.put(`/api/leads/${lead.id}/assign`, { assignedTo: 999_999 });
      expect(unknownUser.status).toBe(400);
      expect(unknownUser.body.message).toBe('El usuario asignado no existe');
      expect((await a.admin.put(`/api/leads/${lead.id}/assign`, { assignedTo: 'x' })).body.message).toBe('Identificador inválido');
    });
  });

  describe('Leads Activos and groups', () => {
    it('shows only ungrouped leads unless a group is chosen', async () => {
      const tag = uniqueName('grp').toLowerCase();
      const db = server().ctx.db;
      const group = await db
        .insertInto('lead_groups')
        .values({ name: `G ${tag}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ungrouped = await newLead({ name: `Suelto ${tag}` });
      await db
        .insertInto('leads')
        .values({ name: `Agrupado ${tag}`, category: 'otros', group_id: group.id, search_text: `agrupado ${tag}` })
        .execute();
      const active = await a.seller.get(`/api/leads?view=leads&q=${tag}`);
      expect(active.body.items.map((l: { id: number }) => l.id)).toEqual([ungrouped.id]);
      const inGroup = await a.seller.get(`/api/leads?view=leads&groupId=${group.id}&q=${tag}`);
      expect(inGroup.body.items.map((l: { name: string }) => l.name)).toEqual([`Agrupado ${tag}`]);
      expect((await a.seller.get(`/api/leads/counts?groupId=${group.id}`)).body).toMatchObject({ leads: 1, contacted: 0 });
    });
  });
});
