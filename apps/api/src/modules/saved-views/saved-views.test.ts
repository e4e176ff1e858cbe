/**
 * /api/saved-views and tRPC savedViews: personal views, validated filters (custom field filters and
 * sort among them), a name once per person, the limit under parallel saves, and a view whose custom
 * field was archived since opening without it.
 */
import { SAVED_VIEW_LIMITS } from '@crm/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName, uniquePhone } from '../../test/harness.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';

describeWithServer('saved views', (server) => {
  let owner: ApiClient;
  let other: ApiClient;
  let anonymous: ApiClient;

  beforeAll(async () => {
    const names = { owner: uniqueName('vown'), other: uniqueName('voth') };
    await createUser(server(), { username: names.owner });
    await createUser(server(), { username: names.other, systemRole: 'manager' });
    [owner, other] = await Promise.all([loginAs(server(), names.owner), loginAs(server(), names.other)]);
    anonymous = new ApiClient(server().url);
  });

  const filters = { tab: 'contacted', status: 'interesado', category: 'salud', assignedTo: 'me', sort: 'name:asc', q: 'clínica' };

  it('saves a view, lists it to its owner only, and deletes it', async () => {
    const created = await owner.post('/api/saved-views', { name: '  Interesados de salud ', view: 'table', filters });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(Number), name: 'Interesados de salud', view: 'table', filters });
    expect((await owner.get('/api/saved-views')).body).toEqual([created.body]);
    expect((await other.get('/api/saved-views')).body).toEqual([]);
    expect((await anonymous.get('/api/saved-views')).status).toBe(401);

    // Someone else's view cannot be deleted, nor told apart from a missing one.
    const foreign = await other.delete(`/api/saved-views/${created.body.id}`);
    expect(foreign).toMatchObject({ status: 404, body: { message: 'Vista no encontrada' } });
    expect((await trpcFailure(trpcClientFor(other).savedViews.delete.mutate({ id: created.body.id }))).data?.code).toBe('NOT_FOUND');
    expect((await owner.get('/api/saved-views')).body).toHaveLength(1);

    expect(await owner.delete(`/api/saved-views/${created.body.id}`)).toMatchObject({ status: 200, body: { id: created.body.id } });
    expect((await owner.get('/api/saved-views')).body).toEqual([]);
    expect((await owner.delete(`/api/saved-views/${created.body.id}`)).status).toBe(404);
    expect((await owner.delete('/api/saved-views/abc')).status).toBe(400);
  });

  it('refuses bad names, views and filters in Spanish', async () => {
    const refusals = [
      [{ name: ' ', view: 'table' }, 'El nombre de la vista es requerido'],
      [{ name: 'x'.repeat(SAVED_VIEW_LIMITS.name + 1), view: 'table' }, `Máximo ${SAVED_VIEW_LIMITS.name} caracteres`],
      [{ name: 'Mala', view: 'kanban' }, 'Vista inválida: tabla, tarjetas o tablero'],
      [{ name: 'Mala', view: 'board', filters: { status: 'ganado' } }, 'Estado inválido'],
      [{ name: 'Mala', view: 'board', filters: { sort: 'colour:asc' } }, 'Orden inválido'],
      [{ name: 'Mala', view: 'cards', filters: { tab: 'archivo' } }, 'Pestaña inválida'],
      [{ name: 'Mala', view: 'cards', filters: { assignedTo: 'todos' } }, 'Filtro de asignación inválido'],
    ] as const;
    for (const [body, message] of refusals) {
      const response = await owner.post('/api/saved-views', body);
      expect({ body, status: response.status, text: JSON.stringify(response.body) }).toMatchObject({ body, status: 400 });
      expect(JSON.stringify(response.body)).toContain(message);
    }
    const unknownKey = await owner.post('/api/saved-views', { name: 'Mala', view: 'cards', filters: { colour: 'red' } });
    expect(unknownKey.status).toBe(400);
    expect((await owner.get('/api/saved-views')).body).toEqual([]);
  });

  it('keeps one view per name and person, whatever its case (409), while another person may reuse it', async () => {
    const client = trpcClientFor(owner);
    const first = await client.savedViews.create.mutate({ name: 'Mis calientes', view: 'board', filters: { status: 'interesado' } });
    expect(first).toMatchObject({ view: 'board', filters: { status: 'interesado' } });
    const again = await owner.post('/api/saved-views', { name: 'MIS CALIENTES', view: 'cards' });
    expect(again).toMatchObject({ status: 409, body: { message: 'Ya tienes una vista con ese nombre' } });
    expect((await other.post('/api/saved-views', { name: 'Mis calientes', view: 'cards' })).status).toBe(201);
    expect(await client.savedViews.list.query()).toEqual([first]);
    await client.savedViews.delete.mutate({ id: first.id });
  });

  describe('custom fields', () => {
    let admin: ApiClient;
    const field: Record<'provincia' | 'empleados' | 'notas', { id: number }> = {} as never;
    const tag = uniqueName('vcf').toLowerCase();

    const define = async (body: Record<string, unknown>) => {
      const response = await admin.post('/api/custom-fields', body);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body as { id: number };
    };
    const lead = async (name: string, customFields: Record<string, unknown>) => {
      const created = await admin.post('/api/leads', {
        name: `${name} ${tag}`,
        phone: uniquePhone(),
        category: 'salud',
        description: 'Prueba',
        customFields,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    };
    /** The list a view's filters open on, as the web asks for it. */
    const listOf = async (filters: { cf?: unknown; sort?: string; q?: string }) => {
      const params = new URLSearchParams({ q: filters.q ?? '' });
      if (filters.cf) params.set('cf', JSON.stringify(filters.cf));
      if (filters.sort) params.set('sort', filters.sort);
      const response = await owner.get(`/api/leads?${params.toString()}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return (response.body.items as { name: string }[]).map((item) => item.name.replace(` ${tag}`, ''));
    };

    beforeAll(async () => {
      const name = uniqueName('vadm');
      await createUser(server(), { username: name, systemRole: 'admin' });
      admin = await loginAs(server(), name);
      field.provincia = await define({ label: 'Provincia', type: 'select', options: ['Madrid', 'Sevilla', 'Bilbao'] });
      field.empleados = await define({ label: 'Empleados', type: 'number' });
      field.notas = await define({ label: 'Notas', type: 'long_text' });
      await lead('Clínica Norte', { provincia: 'Madrid', empleados: 40 });
      await lead('Clínica Sur', { provincia: 'Sevilla', empleados: 12 });
      await lead('Clínica Este', { provincia: 'Bilbao', empleados: 25 });
      await lead('Clínica Oeste', { provincia: 'Madrid', empleados: 3 });
    });

    it('keeps custom field filters and a custom sort, REST and tRPC, and they reopen the same list', async () => {
      const filters = { q: tag, cf: { provincia: { anyOf: ['madrid', 'Sevilla'] }, empleados: { min: 10 } }, sort: 'cf.empleados:desc' };
      const created = await owner.post('/api/saved-views', { name: 'Clínicas grandes', view: 'table', filters });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.filters).toEqual(filters);
      const [listed] = (await owner.get('/api/saved-views')).body as { filters: typeof filters }[];
      expect(listed?.filters).toEqual(filters);
      expect(await listOf(listed?.filters ?? {})).toEqual(['Clínica Norte', 'Clínica Sur']);

      const trpc = trpcClientFor(owner);
      const board = await trpc.savedViews.create.mutate({
        name: 'Madrid por tamaño',
        view: 'board',
        filters: { q: tag, cf: { provincia: { eq: 'Madrid' } }, sort: 'cf.empleados:asc' },
      });
      expect(board.filters).toEqual({ q: tag, cf: { provincia: { eq: 'Madrid' } }, sort: 'cf.empleados:asc' });
      const views = await trpc.savedViews.list.query();
      expect(views.map((view) => view.filters)).toEqual([filters, board.filters]);
      expect(await listOf(views[1]?.filters ?? {})).toEqual(['Clínica Oeste', 'Clínica Norte']);
      for (const view of views) await trpc.savedViews.delete.mutate({ id: view.id });
    });

    it('refuses a custom filter or sort the list would refuse, in Spanish, and saves nothing', async () => {
      const refusals: [Record<string, unknown>, string][] = [
        [{ cf: { color: { eq: 'rojo' } } }, 'Campo personalizado desconocido: color'],
        [{ cf: { provincia: { contains: 'Mad' } } }, '«Provincia» no admite «contiene»'],
        [{ cf: { provincia: { anyOf: ['Cádiz'] } } }, '«Provincia»: opción desconocida: Cádiz'],
        [{ cf: { empleados: { min: 'muchos' } } }, '«Empleados»: valor de filtro inválido'],
        [{ cf: { 'Mala Clave': { eq: 1 } } }, 'cf debe ser un objeto JSON'],
        [{ cf: 'no es json' }, 'cf debe ser un objeto JSON'],
        [{ sort: 'cf.color:asc' }, 'Campo personalizado desconocido: color'],
        [{ sort: 'cf.notas:asc' }, 'No se puede ordenar por «Notas»'],
      ];
      for (const [filters, message] of refusals) {
        const response = await owner.post('/api/saved-views', { name: 'Mala', view: 'table', filters });
        expect({ filters, status: response.status }).toEqual({ filters, status: 400 });
        expect(JSON.stringify(response.body)).toContain(message);
      }
      const failure = await trpcFailure(
        trpcClientFor(owner).savedViews.create.mutate({ name: 'Mala', view: 'table', filters: { sort: 'cf.color:asc' } }),
      );
      expect(failure.data?.code).toBe('BAD_REQUEST');
      expect(failure.message).toBe('Campo personalizado desconocido: color');
      expect((await owner.get('/api/saved-views')).body).toEqual([]);
    });

    it('opens a view whose field was archived or whose option was removed without them, and gets them back with the field', async () => {
      const filters = { q: tag, cf: { provincia: { anyOf: ['Madrid', 'Bilbao'] }, empleados: { max: 30 } }, sort: 'cf.empleados:asc' };
      const saved = await owner.post('/api/saved-views', { name: 'Pequeñas', view: 'cards', filters });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      expect(await listOf(filters)).toEqual(['Clínica Oeste', 'Clínica Este']);

      // 'Bilbao' is no longer an option: the filter on Provincia goes, the rest stays.
      expect((await admin.put(`/api/custom-fields/${field.provincia.id}`, { options: ['Madrid', 'Sevilla'] })).status).toBe(200);
      let [view] = (await owner.get('/api/saved-views')).body as { filters: Record<string, unknown> }[];
      expect(view?.filters).toEqual({ q: tag, cf: { empleados: { max: 30 } }, sort: 'cf.empleados:asc' });
      expect(await listOf(view?.filters ?? {})).toEqual(['Clínica Oeste', 'Clínica Sur', 'Clínica Este']);

      // Empleados archived: its filter and the sort by it go too, and the view still opens (no 5xx, no 400).
      expect((await admin.delete(`/api/custom-fields/${field.empleados.id}`)).status).toBe(200);
      const answer = await owner.get('/api/saved-views');
      expect(answer.status).toBe(200);
      [view] = answer.body as { filters: Record<string, unknown> }[];
      expect(view?.filters).toEqual({ q: tag });
      expect((await trpcClientFor(owner).savedViews.list.query())[0]?.filters).toEqual({ q: tag });
      expect(await listOf(view?.filters ?? {})).toHaveLength(4);

      // The stored view kept them: the field and the option back, the view is whole again.
      expect((await admin.put(`/api/custom-fields/${field.empleados.id}`, { archived: false })).status).toBe(200);
      expect((await admin.put(`/api/custom-fields/${field.provincia.id}`, { options: ['Madrid', 'Sevilla', 'Bilbao'] })).status).toBe(200);
      [view] = (await owner.get('/api/saved-views')).body as { filters: Record<string, unknown> }[];
      expect(view?.filters).toEqual(filters);
      await owner.delete(`/api/saved-views/${saved.body.id}`);
    });

    it('ignores a stored custom filter of a field that no longer exists at all', async () => {
      const saved = await owner.post('/api/saved-views', { name: 'Huérfana', view: 'table', filters: { q: tag } });
      // As a view written before a field was deleted from the database by hand.
      await server()
        .ctx.db.updateTable('saved_views')
        .set({ filters: JSON.stringify({ q: tag, cf: { borrado: { eq: 'x' } }, sort: 'cf.borrado:desc' }) })
        .where('id', '=', saved.body.id)
        .execute();
      const answer = await owner.get('/api/saved-views');
      expect(answer.status).toBe(200);
      expect(answer.body[0].filters).toEqual({ q: tag });
      await owner.delete(`/api/saved-views/${saved.body.id}`);
    });
  });

  it('never passes the per-person limit, even with parallel saves', async () => {
    const name = uniqueName('vlim');
    await createUser(server(), { username: name });
    const client = await loginAs(server(), name);
    const attempts = SAVED_VIEW_LIMITS.perUser + 10;
    const answers = await Promise.all(
      Array.from({ length: attempts }, (_, index) => client.post('/api/saved-views', { name: `Vista ${index}`, view: 'cards' })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(SAVED_VIEW_LIMITS.perUser);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10);
    expect(answers.find((answer) => answer.status === 409)?.body.message).toMatch(/máximo de 50 vistas/);
    expect((await client.get('/api/saved-views')).body).toHaveLength(SAVED_VIEW_LIMITS.perUser);
  });
});
