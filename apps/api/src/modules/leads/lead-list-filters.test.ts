import { LEAD_SORT_FIELDS, SORT_DIRECTIONS } from '@crm/domain';
import { beforeAll, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';

describeWithServer('lead list: assignee filter and sorts', (server) => {
  let admin: ApiClient;
  let seller: ApiClient;
  let sellerId: number;
  let otherId: number;
  const tag = uniqueName('filtro').toLowerCase();
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const adminName = uniqueName('admin');
    const sellerName = uniqueName('seller');
    await createUser(server(), { username: adminName, systemRole: 'admin' });
    sellerId = (await createUser(server(), { username: sellerName, firstName: 'Sergio', lastName: 'Ruiz' })).id;
    otherId = (await createUser(server(), { username: uniqueName('other'), firstName: 'Alba', lastName: 'Vidal' })).id;
    admin = await loginAs(server(), adminName);
    seller = await loginAs(server(), sellerName);
    const lead = (name: string, assignedTo: number | null) =>
      admin.post('/api/leads', {
        name: `${name} ${tag}`,
        email: `${uniqueName('x')}@ejemplo.es`,
        category: 'salud',
        description: 'Prueba',
        assignedTo,
      });
    for (const [name, assignee] of [
      ['Mío uno', sellerId],
      ['Mío dos', sellerId],
      ['De Alba', otherId],
      ['Libre', null],
    ] as const) {
      const created = await lead(name, assignee);
      expect(created.status).toBe(201);
      ids[name] = created.body.id;
    }
  });

  const names = (body: { items: { name: string }[] }) => body.items.map((item) => item.name.replace(` ${tag}`, ''));

  it("filters 'Mis leads', 'Sin asignar' and one person's leads, on the list and the tab counts", async () => {
    expect(names((await seller.get(`/api/leads?q=${tag}&assignedTo=me`)).body)).toEqual(['Mío dos', 'Mío uno']);
    expect(names((await seller.get(`/api/leads?q=${tag}&assignedTo=none`)).body)).toEqual(['Libre']);
    expect(names((await seller.get(`/api/leads?q=${tag}&assignedTo=${otherId}`)).body)).toEqual(['De Alba']);
    expect((await seller.get(`/api/leads/counts?q=${tag}&assignedTo=me`)).body).toMatchObject({ leads: 2 });
    const trpc = trpcClientFor(seller);
    expect((await trpc.leads.list.query({ q: tag, assignedTo: 'none' })).items.map((item) => item.id)).toEqual([ids['Libre']]);
    expect((await trpc.leads.counts.query({ q: tag, assignedTo: 'me' })).leads).toBe(2);
    const bad = await seller.get(`/api/leads?assignedTo=alguien`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Filtro de asignación inválido');
  });

  it('sorts by every column both ways and pages each sort without gaps or repeats', async () => {
    for (const field of LEAD_SORT_FIELDS) {
      for (const direction of SORT_DIRECTIONS) {
        const sort = `${field}:${direction}`;
        const whole = await seller.get(`/api/leads?q=${tag}&sort=${sort}`);
        expect(whole.status).toBe(200);
        expect(whole.body.items).toHaveLength(4);
        const seen: number[] = [];
        let cursor: string | null = null;
        do {
          const page: { body: { items: { id: number }[]; nextCursor: string | null } } = await seller.get(
            `/api/leads?q=${tag}&sort=${sort}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
          );
          seen.push(...page.body.items.map((item: { id: number }) => item.id));
          cursor = page.body.nextCursor;
        } while (cursor);
        expect(seen, sort).toEqual(whole.body.items.map((item: { id: number }) => item.id));
      }
    }
    expect(names((await seller.get(`/api/leads?q=${tag}&sort=name:asc`)).body)).toEqual(['De Alba', 'Libre', 'Mío dos', 'Mío uno']);
    // By the assignee's name, the unassigned last in both directions.
    expect(names((await seller.get(`/api/leads?q=${tag}&sort=assignee:desc`)).body)).toEqual(['Mío dos', 'Mío uno', 'De Alba', 'Libre']);
    expect(names((await seller.get(`/api/leads?q=${tag}&sort=assignee:asc`)).body)).toEqual(['De Alba', 'Mío uno', 'Mío dos', 'Libre']);
  });

  it('refuses an unknown sort and a cursor written for another sort, in Spanish', async () => {
    const bad = await seller.get('/api/leads?sort=telefono:asc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Orden inválido');
    const first = await seller.get(`/api/leads?q=${tag}&sort=name:asc&limit=1`);
    const mixed = await seller.get(`/api/leads?q=${tag}&sort=name:desc&limit=1&cursor=${first.body.nextCursor}`);
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe('Cursor de paginación inválido');
    const failure = await trpcFailure(trpcClientFor(seller).leads.list.query({ sort: 'x:asc' }));
    expect(failure.data?.httpStatus).toBe(400);
  });

  it('gives every list item its next follow-up (none yet)', async () => {
    const page = await seller.get(`/api/leads?q=${tag}`);
    expect(page.body.items.every((item: { nextFollowUp: unknown }) => item.nextFollowUp === null)).toBe(true);
  });
});
