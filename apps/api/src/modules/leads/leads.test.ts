import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type TestServer, createUser, describeWithServer, loginAs, uniqueName, uniquePhone } from '../../test/harness.js';

interface Clients {
  admin: ApiClient;
  manager: ApiClient;
  seller: ApiClient;
  otherSeller: ApiClient;
  anonymous: ApiClient;
  sellerId: number;
  otherSellerId: number;
  managerId: number;
}

async function setUp(server: TestServer): Promise<Clients> {
  const adminName = uniqueName('admin');
  const managerName = uniqueName('manager');
  const sellerName = uniqueName('seller');
  const otherName = uniqueName('other');
  await createUser(server, { username: adminName, systemRole: 'admin', firstName: 'Ana', lastName: 'Admin' });
  const manager = await createUser(server, { username: managerName, systemRole: 'manager', firstName: 'Marta', lastName: 'Gómez' });
  const seller = await createUser(server, { username: sellerName, firstName: 'Sergio', lastName: 'Ruiz' });
  const other = await createUser(server, { username: otherName, firstName: 'Olga', lastName: 'Vidal' });
  return {
    admin: await loginAs(server, adminName),
    manager: await loginAs(server, managerName),
    seller: await loginAs(server, sellerName),
    otherSeller: await loginAs(server, otherName),
    anonymous: new ApiClient(server.url),
    sellerId: seller.id,
    otherSellerId: other.id,
    managerId: manager.id,
  };
}

const validLead = (overrides: Record<string, unknown> = {}) => ({
  name: uniqueName('Clínica Peñalba '),
  email: `${uniqueName('info')}@penalba.es`,
  phone: uniquePhone(),
  category: 'salud',
  description: 'Centro médico en Sevilla',
  assignedTo: null,
  ...overrides,
});

describeWithServer('leads API', (server) => {
  let c: Clients;
  beforeAll(async () => {
    c = await setUp(server());
  });

  describe('POST /api/leads', () => {
    it('lets an admin and a manager create a lead, answering 201 with the DTO and the assignee', async () => {
      const created = await c.admin.post('/api/leads', validLead({ assignedTo: c.sellerId }));
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        status: 'nuevo',
        category: 'salud',
        assignedTo: c.sellerId,
        assignee: { id: c.sellerId, firstName: 'Sergio', lastName: 'Ruiz' },
        contactedByUser: null,
        tracking: null,
        groupId: null,
      });
      expect((await c.manager.post('/api/leads', validLead())).status).toBe(201);
    });

    it('refuses a team_member (403) and an anonymous caller (401)', async () => {
      expect((await c.seller.post('/api/leads', validLead())).status).toBe(403);
      const anonymous = await c.anonymous.post('/api/leads', validLead());
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ message: 'Unauthorized' });
    });

    it('answers the spec messages for missing or invalid fields', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '  ' }, 'El nombre es requerido'],
        [{ email: 'no-es-un-email' }, 'Email inválido'],
        [{ category: 'legal' }, 'La categoría es requerida'],
        [{ category: undefined }, 'La categoría es requerida'],
        [{ description: '' }, 'La descripción es requerida'],
        [{ name: 'x'.repeat(201) }, 'Máximo 200 caracteres'],
        [{ email: `${'a'.repeat(250)}@x.es` }, 'Email inválido'],
        [{ description: 'x'.repeat(5001) }, 'Máximo 5000 caracteres'],
        [{ name: 'Clínica\u0000Sol' }, 'El texto contiene caracteres no válidos'],
        [{ phone: '+34\u0000600' }, 'El texto contiene caracteres no válidos'],
      ];
      for (const [overrides, message] of cases) {
        const response = await c.admin.post('/api/leads', validLead(overrides));
        expect(response.status, JSON.stringify(overrides).slice(0, 60)).toBe(400);
        expect(response.body.message).toBe(message);
      }
    });

    it('accepts the limits exactly and stores text as typed', async () => {
      const name = `<b>${'n'.repeat(193)}</b>`;
      const response = await c.admin.post('/api/leads', validLead({ name, description: 'd'.repeat(5000) }));
      expect(response.status).toBe(201);
      expect(response.body.name).toBe(name);
    });

    it('refuses an assignee that does not exist', async () => {
      const response = await c.admin.post('/api/leads', validLead({ assignedTo: 999_999 }));
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('El usuario asignado no existe');
    });

    it('writes a lead_created activity', async () => {
      const lead = validLead();
      await c.admin.post('/api/leads', lead);
      const row = await server()
        .ctx.db.selectFrom('activities')
        .select(['type', 'description'])
        .where('description', 'like', `%${lead.name}%`)
        .executeTakeFirst();
      expect(row).toEqual({ type: 'lead_created', description: `Ana Admin creó el lead ${lead.name}` });
    });
  });

  describe('GET /api/leads', () => {
    it('answers every lead as an array without parameters, for every role', async () => {
      for (const client of [c.admin, c.manager, c.seller]) {
        const response = await client.get('/api/leads');
        expect(response.status).toBe(200);
        expect(Array.isArray(response.body)).toBe(true);
        expect(response.body.length).toBeGreaterThan(0);
      }
      expect((await c.anonymous.get('/api/leads')).status).toBe(401);
    });

    it('answers a page with parameters and refuses bad ones in Spanish', async () => {
      const page = await c.seller.get('/api/leads?limit=2');
      expect(page.status).toBe(200);
      expect(page.body.items).toHaveLength(2);
      expect(typeof page.body.nextCursor).toBe('string');
      expect((await c.seller.get('/api/leads?limit=501')).body.message).toBe('Máximo 500 por página');
      expect((await c.seller.get('/api/leads?status=raro')).body.message).toBe('Estado inválido');
      expect((await c.seller.get('/api/leads?q=a%00b')).body.message).toBe('El texto contiene caracteres no válidos');
      const badCursor = await c.seller.get('/api/leads?cursor=basura');
      expect(badCursor.status).toBe(400);
      expect(badCursor.body.message).toBe('Cursor de paginación inválido');
    });

    it('finds leads by name or email, ignoring case and accents', async () => {
      const tag = uniqueName('zq').toLowerCase();
      const created = await c.admin.post('/api/leads', validLead({ name: `Óptica Núñez ${tag}`, email: `VENTAS.${tag}@Optica.es` }));
      for (const q of [`optica nunez ${tag}`, `ÓPTICA NÚÑEZ ${tag}`, `ventas.${tag}@optica`, tag.toUpperCase()]) {
        const response = await c.seller.get(`/api/leads?q=${encodeURIComponent(q)}`);
        expect(
          response.body.items.map((lead: { id: number }) => lead.id),
          q,
        ).toEqual([created.body.id]);
      }
      const literal = await c.seller.get(`/api/leads?q=${encodeURIComponent('%')}`);
      expect(literal.status).toBe(200);
      expect(literal.body.items).toEqual([]);
    });

    it('filters by category and status', async () => {
      const tag = uniqueName('cat').toLowerCase();
      await c.admin.post('/api/leads', validLead({ name: `Colegio ${tag}`, category: 'educacion' }));
      await c.admin.post('/api/leads', validLead({ name: `Banco ${tag}`, category: 'finanzas' }));
      const education = await c.seller.get(`/api/leads?q=${tag}&category=educacion`);
      expect(education.body.items.map((lead: { name: string }) => lead.name)).toEqual([`Colegio ${tag}`]);
      const converted = await c.seller.get(`/api/leads?q=${tag}&status=convertido`);
      expect(converted.body.items).toEqual([]);
    });

    it('pages through every matching lead once, newest first, without gaps or repeats', async () => {
      const tag = uniqueName('page').toLowerCase();
      const ids: number[] = [];
      for (let index = 0; index < 7; index += 1) {
        ids.push((await c.admin.post('/api/leads', validLead({ name: `Página ${tag} ${index}` }))).body.id);
      }
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `/api/leads?q=${tag}&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
        const page = await c.seller.get(query);
        expect(page.status).toBe(200);
        seen.push(...page.body.items.map((lead: { id: number }) => lead.id));
        cursor = page.body.nextCursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual([...ids].reverse());
    });
  });
});
