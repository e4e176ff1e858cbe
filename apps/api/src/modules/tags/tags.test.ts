import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, describeWithServer, signInEveryRole, uniqueName, uniquePhone } from '../../test/harness.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';

describeWithServer('tags', (server) => {
  let admin: ApiClient;
  let manager: ApiClient;
  let seller: ApiClient;
  let anonymous: ApiClient;

  beforeAll(async () => {
    ({ admin, manager, seller, anonymous } = await signInEveryRole(server()));
  });

  async function newLead(name = uniqueName('Etiquetado ')): Promise<{ id: number; name: string }> {
    const response = await manager.post('/api/leads', { name, phone: uniquePhone(), category: 'retail', description: 'Tienda' });
    expect(response.status).toBe(201);
    return response.body;
  }

  async function newTag(name = uniqueName('Tag'), color = '#40c057'): Promise<{ id: number; name: string; color: string }> {
    const response = await manager.post('/api/tags', { name, color });
    expect(response.status).toBe(201);
    return response.body;
  }

  const historyTags = async (leadId: number) =>
    (await manager.get(`/api/leads/${leadId}/history`)).body
      .filter((entry: { changes: { tags?: unknown } }) => entry.changes.tags)
      .map((entry: { changes: { tags: unknown } }) => entry.changes.tags);

  describe('the tag list and its writes', () => {
    it('creates, renames, recolours and lists tags with their lead counts', async () => {
      const name = uniqueName('Cliente VIP');
      const created = await admin.post('/api/tags', { name: `  ${name.replace(' ', '   ')} `, color: '#FA5252' });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ id: expect.any(Number), name, color: '#fa5252' });
      const renamed = await manager.put(`/api/tags/${created.body.id}`, { name: `${name} 2`, color: '#228be6' });
      expect(renamed.body).toEqual({ id: created.body.id, name: `${name} 2`, color: '#228be6' });
      const list = await seller.get('/api/tags');
      expect(list.status).toBe(200);
      expect(list.body).toContainEqual({ id: created.body.id, name: `${name} 2`, color: '#228be6', leads: 0 });
    });

    it('refuses a second tag with the same name, whatever its case or spaces (409)', async () => {
      const tag = await newTag(uniqueName('Urgente'));
      const twin = await manager.post('/api/tags', { name: ` ${tag.name.toUpperCase()} ` });
      expect(twin.status).toBe(409);
      expect(twin.body.message).toBe('Ya existe una etiqueta con ese nombre');
      const other = await newTag();
      expect((await manager.put(`/api/tags/${other.id}`, { name: tag.name.toLowerCase() })).status).toBe(409);
    });

    it('refuses bad names and colours with a Spanish 400', async () => {
      const empty = await manager.post('/api/tags', { name: '   ' });
      expect(empty.status).toBe(400);
      expect(JSON.stringify(empty.body)).toContain('El nombre de la etiqueta es requerido');
      const color = await manager.post('/api/tags', { name: uniqueName('x'), color: 'rojo' });
      expect(color.status).toBe(400);
      expect(JSON.stringify(color.body)).toContain('Color inválido');
      expect((await manager.post('/api/tags', { name: 'x'.repeat(41) })).status).toBe(400);
    });

    it('lets only admins and managers create, rename and delete tags', async () => {
      const tag = await newTag();
      expect((await seller.post('/api/tags', { name: uniqueName('no') })).status).toBe(403);
      expect((await seller.put(`/api/tags/${tag.id}`, { name: 'Cambio' })).status).toBe(403);
      expect((await seller.delete(`/api/tags/${tag.id}`)).status).toBe(403);
      expect((await anonymous.get('/api/tags')).status).toBe(401);
      const failure = await trpcFailure(trpcClientFor(seller).tags.create.mutate({ name: uniqueName('no') }));
      expect(failure.data?.code).toBe('FORBIDDEN');
      expect((await seller.get('/api/tags')).body.some((row: { id: number }) => row.id === tag.id)).toBe(true);
    });

    it('answers 404 for an unknown tag', async () => {
      expect((await manager.put('/api/tags/999999', { name: 'Nada' })).status).toBe(404);
      expect((await manager.delete('/api/tags/999999')).status).toBe(404);
    });
  });

  describe("a lead's tags", () => {
    it("sets a lead's tags, shows them in its DTO by name, and records each change in its history", async () => {
      const lead = await newLead();
      const zeta = await newTag(uniqueName('zeta'));
      const alfa = await newTag(uniqueName('Alfa'));
      const set = await manager.put(`/api/leads/${lead.id}/tags`, { tagIds: [zeta.id, alfa.id, zeta.id] });
      expect(set.status).toBe(200);
      expect(set.body.tags).toEqual([alfa, zeta]);
      expect((await seller.get(`/api/leads/${lead.id}`)).body.tags).toEqual([alfa, zeta]);
      const same = await manager.put(`/api/leads/${lead.id}/tags`, { tagIds: [alfa.id, zeta.id] });
      expect(same.status).toBe(200);
      expect((await manager.put(`/api/leads/${lead.id}/tags`, { tagIds: [zeta.id] })).body.tags).toEqual([zeta]);
      // Newest first; setting the same set again wrote nothing.
      expect(await historyTags(lead.id)).toEqual([
        { from: [alfa.name, zeta.name], to: [zeta.name] },
        { from: [], to: [alfa.name, zeta.name] },
      ]);
    });

    it('follows the lead-edit rule: a Vendedor may not tag; an unknown tag or lead is refused and changes nothing', async () => {
      const lead = await newLead();
      const tag = await newTag();
      expect((await seller.put(`/api/leads/${lead.id}/tags`, { tagIds: [tag.id] })).status).toBe(403);
      const unknown = await manager.put(`/api/leads/${lead.id}/tags`, { tagIds: [tag.id, 999999] });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe('La etiqueta no existe');
      expect((await manager.get(`/api/leads/${lead.id}`)).body.tags).toEqual([]);
      expect((await manager.put('/api/leads/999999/tags', { tagIds: [tag.id] })).status).toBe(404);
      const tooMany = await manager.put(`/api/leads/${lead.id}/tags`, { tagIds: Array.from({ length: 21 }, (_, i) => i + 1) });
      expect(tooMany.status).toBe(400);
      expect(JSON.stringify(tooMany.body)).toContain('Máximo 20 etiquetas por lead');
    });

    it('filters the list, the counts and the board by tag, and a saved view keeps the tag', async () => {
      const tag = await newTag();
      const tagged = await newLead();
      const untagged = await newLead();
      await manager.put(`/api/leads/${tagged.id}/tags`, { tagIds: [tag.id] });
      const page = (await seller.get(`/api/leads?tagId=${tag.id}`)).body;
      expect(page.items.map((lead: { id: number }) => lead.id)).toEqual([tagged.id]);
      expect(page.items.some((lead: { id: number }) => lead.id === untagged.id)).toBe(false);
      const board = (await seller.get(`/api/pipeline?tagId=${tag.id}`)).body;
      expect(board.columns[0]).toMatchObject({ status: 'nuevo', count: 1, value: '1500.00' });
      expect((await seller.get('/api/leads?tagId=abc')).status).toBe(400);
      const view = await seller.post('/api/saved-views', { name: uniqueName('Vista'), view: 'table', filters: { tagId: tag.id } });
      expect(view.status).toBe(201);
      expect(view.body.filters).toEqual({ tagId: tag.id });
    });

    it('exports the tags as a CSV column', async () => {
      const name = uniqueName('Exportado');
      const lead = await newLead(name);
      const tags = [await newTag(uniqueName('Feria')), await newTag(uniqueName('Bodega'))];
      await manager.put(`/api/leads/${lead.id}/tags`, { tagIds: tags.map((tag) => tag.id) });
      const csv = await manager.get(`/api/leads/export?q=${encodeURIComponent(name)}`);
      expect(csv.status).toBe(200);
      const [header, row] = String(csv.body)
        .replace(/^\uFEFF/, '')
        .split('\r\n');
      const column = header?.split(';').indexOf('Etiquetas') ?? -1;
      expect(column).toBeGreaterThan(0);
      expect(row?.split(';')[column]).toBe(`${tags[1]?.name}, ${tags[0]?.name}`);
    });

    it("a merge carries the absorbed lead's tags to the survivor, once", async () => {
      const [shared, own] = [await newTag(), await newTag()];
      const survivor = await newLead();
      const absorbed = await newLead();
      await manager.put(`/api/leads/${survivor.id}/tags`, { tagIds: [shared.id] });
      await manager.put(`/api/leads/${absorbed.id}/tags`, { tagIds: [shared.id, own.id] });
      const merged = await manager.post(`/api/leads/${survivor.id}/merge`, { otherId: absorbed.id });
      expect(merged.status).toBe(200);
      expect(merged.body.tags.map((tag: { id: number }) => tag.id).sort()).toEqual([shared.id, own.id].sort());
    });

    it('deleting a tag takes it off every lead, with a history entry on each', async () => {
      const tag = await newTag();
      const keep = await newTag();
      const lead = await newLead();
      await manager.put(`/api/leads/${lead.id}/tags`, { tagIds: [tag.id, keep.id] });
      const deleted = await admin.delete(`/api/tags/${tag.id}`);
      expect(deleted.status).toBe(200);
      expect((await manager.get(`/api/leads/${lead.id}`)).body.tags).toEqual([keep]);
      expect((await historyTags(lead.id))[0]).toEqual({
        from: [keep.name, tag.name].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
        to: [keep.name],
      });
      expect((await manager.get('/api/tags')).body.some((row: { id: number }) => row.id === tag.id)).toBe(false);
    });
  });

  describe('in bulk', () => {
    it('adds and removes a tag over selected leads, skipping those already so, with history', async () => {
      const tag = await newTag();
      const [one, two] = [await newLead(), await newLead()];
      await manager.put(`/api/leads/${one.id}/tags`, { tagIds: [tag.id] });
      const added = await manager.post('/api/leads/bulk', { action: 'addTag', tagId: tag.id, ids: [one.id, two.id] });
      expect(added.status).toBe(200);
      expect(added.body).toEqual({ updated: 1, skipped: 1, errors: ['1 lead: ya estaba así'] });
      expect((await manager.get(`/api/leads/${two.id}`)).body.tags).toEqual([tag]);
      expect(await historyTags(two.id)).toEqual([{ from: [], to: [tag.name] }]);
      const removed = await manager.post('/api/leads/bulk', { action: 'removeTag', tagId: tag.id, ids: [one.id, two.id] });
      expect(removed.body).toMatchObject({ updated: 2, skipped: 0 });
      expect((await manager.get(`/api/leads/${one.id}`)).body.tags).toEqual([]);
      expect((await historyTags(two.id))[0]).toEqual({ from: [tag.name], to: [] });
    });

    it('adds a tag to every lead a filter matches', async () => {
      const marker = uniqueName('Lote');
      await newLead(`${marker} uno`);
      await newLead(`${marker} dos`);
      const tag = await newTag();
      const added = await manager.post('/api/leads/bulk', { action: 'addTag', tagId: tag.id, filter: { q: marker } });
      expect(added.body).toMatchObject({ updated: 2, skipped: 0 });
      expect((await manager.get(`/api/leads?tagId=${tag.id}`)).body.items).toHaveLength(2);
    });

    it('refuses a Vendedor, a missing or unknown tag, and changes nothing', async () => {
      const lead = await newLead();
      const tag = await newTag();
      expect((await seller.post('/api/leads/bulk', { action: 'addTag', tagId: tag.id, ids: [lead.id] })).status).toBe(403);
      const missing = await manager.post('/api/leads/bulk', { action: 'addTag', ids: [lead.id] });
      expect(missing.status).toBe(400);
      expect(JSON.stringify(missing.body)).toContain('Indica la etiqueta');
      const unknown = await manager.post('/api/leads/bulk', { action: 'addTag', tagId: 999999, ids: [lead.id] });
      expect(unknown.status).toBe(400);
      expect((await manager.get(`/api/leads/${lead.id}`)).body.tags).toEqual([]);
    });
  });
});
