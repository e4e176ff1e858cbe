/** /api/saved-views and tRPC savedViews: personal views, validated filters, a name once per person, the limit under parallel saves. */
import { SAVED_VIEW_LIMITS } from '@crm/domain';
import { beforeAll, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
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
