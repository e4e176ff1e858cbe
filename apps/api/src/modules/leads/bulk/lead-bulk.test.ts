/** POST /api/leads/bulk: by ids and by filter, the rule checked per lead, refusals counted with their reason, announced live per batch. */
import { LEAD_STATUS_REFUSALS } from '@crm/domain';
import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../../test/harness.js';
import { openFeed } from '../../../test/live-client.js';
import { trpcClientFor } from '../../../test/trpc-client.js';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const NOT_YOURS = lowerFirst(LEAD_STATUS_REFUSALS.notYours);
const NOT_YOURS_TO_MARK = lowerFirst(LEAD_STATUS_REFUSALS.notYoursToMark);

describeWithServer('bulk lead actions', (server) => {
  let admin: ApiClient;
  let seller: ApiClient;
  let sellerId: number;
  let otherId: number;

  beforeAll(async () => {
    const adminName = uniqueName('badm');
    const sellerName = uniqueName('bvend');
    await createUser(server(), { username: adminName, systemRole: 'admin' });
    sellerId = (await createUser(server(), { username: sellerName })).id;
    otherId = (await createUser(server(), { username: uniqueName('botro') })).id;
    admin = await loginAs(server(), adminName);
    seller = await loginAs(server(), sellerName);
  });

  /** `count` leads named with a fresh tag, assigned as given; answers the tag and their ids. */
  async function leads(count: number, assignedTo: number | null) {
    const tag = uniqueName('bulk').toLowerCase();
    const rows = await server()
      .ctx.db.insertInto('leads')
      .values(
        Array.from({ length: count }, (_, index) => ({
          name: `Masivo ${tag} ${index}`,
          category: 'otros',
          assigned_to: assignedTo,
          search_text: `masivo ${tag} ${index}`,
        })),
      )
      .returning('id')
      .execute();
    return { tag, ids: rows.map((row) => row.id) };
  }

  const assigneesOf = async (ids: number[]) =>
    (await server().ctx.db.selectFrom('leads').select('assigned_to').where('id', 'in', ids).execute()).map((row) => row.assigned_to);

  it('assigns the selected leads and counts unknown and unchanged ones as skipped', async () => {
    const { ids } = await leads(3, null);
    await server()
      .ctx.db.updateTable('leads')
      .set({ assigned_to: otherId })
      .where('id', '=', ids[0] as number)
      .execute();
    const response = await admin.post('/api/leads/bulk', {
      action: 'assign',
      ids: [...ids, 2_000_000_000],
      assignedTo: otherId,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      updated: 2,
      skipped: 2,
      errors: expect.arrayContaining(['1 lead: ya estaba así', '1 lead: no existe']),
    });
    expect(await assigneesOf(ids)).toEqual([otherId, otherId, otherId]);
  });

  it('reassigns every lead a filter matches, across batches, on tRPC too', async () => {
    const { tag, ids } = await leads(1200, null);
    const result = await trpcClientFor(admin).leadBulk.run.mutate({
      action: 'assign',
      filter: { q: `masivo ${tag}` },
      assignedTo: sellerId,
    });
    expect(result).toEqual({ updated: 1200, skipped: 0, errors: [] });
    expect(new Set(await assigneesOf(ids))).toEqual(new Set([sellerId]));
  });

  it('lets a Vendedor move the status of their own leads only, counting the others with the reason', async () => {
    const mine = await leads(3, sellerId);
    const theirs = await leads(2, otherId);
    const response = await seller.post('/api/leads/bulk', { action: 'status', ids: [...mine.ids, ...theirs.ids], status: 'interesado' });
    expect(response.body).toEqual({ updated: 3, skipped: 2, errors: [`2 leads: ${NOT_YOURS}`] });
    const statuses = await server()
      .ctx.db.selectFrom('leads')
      .select(['id', 'status'])
      .where('id', 'in', [...mine.ids, ...theirs.ids])
      .orderBy('id')
      .execute();
    expect(statuses.map((row) => row.status)).toEqual(['interesado', 'interesado', 'interesado', 'nuevo', 'nuevo']);
    expect((await seller.post('/api/leads/bulk', { action: 'assign', ids: mine.ids, assignedTo: sellerId })).status).toBe(403);
    expect((await seller.post('/api/leads/bulk', { action: 'delete', ids: mine.ids })).status).toBe(403);
    expect((await seller.post('/api/leads/bulk', { action: 'group', filter: {}, groupId: null })).status).toBe(403);
  });

  const stateOf = async (ids: number[]) =>
    server().ctx.db.selectFrom('leads').select(['status', 'assigned_to', 'contacted_by']).where('id', 'in', ids).orderBy('id').execute();

  it("refuses a Vendedor's bulk by filter over a colleague's leads: 'contactado' then 'convertido' changes none", async () => {
    const theirs = await leads(4, otherId);
    const filter = { q: `masivo ${theirs.tag}` };
    const marked = await seller.post('/api/leads/bulk', { action: 'status', filter, status: 'contactado' });
    expect(marked.body).toEqual({ updated: 0, skipped: 4, errors: [`4 leads: ${NOT_YOURS_TO_MARK}`] });
    const converted = await trpcClientFor(seller).leadBulk.run.mutate({ action: 'status', filter, status: 'convertido' });
    expect(converted).toEqual({ updated: 0, skipped: 4, errors: [`4 leads: ${NOT_YOURS}`] });
    for (const row of await stateOf(theirs.ids)) expect(row).toEqual({ status: 'nuevo', assigned_to: otherId, contacted_by: null });
  });

  it("refuses both steps of the attack at once, by ids, while the colleague's leads stay theirs", async () => {
    const theirs = await leads(3, otherId);
    const [marked, converted] = await Promise.all([
      seller.post('/api/leads/bulk', { action: 'status', ids: theirs.ids, status: 'contactado' }),
      seller.post('/api/leads/bulk', { action: 'status', ids: theirs.ids, status: 'convertido' }),
    ]);
    expect([marked.body.updated, converted.body.updated]).toEqual([0, 0]);
    for (const row of await stateOf(theirs.ids)) expect(row).toEqual({ status: 'nuevo', assigned_to: otherId, contacted_by: null });
  });

  it("does not make a Vendedor the owner of a colleague's lead he marked contacted one by one", async () => {
    const theirs = await leads(1, otherId);
    const id = theirs.ids[0] as number;
    expect((await seller.put(`/api/leads/${id}`, { status: 'contactado' })).status).toBe(200);
    const moved = await seller.put(`/api/leads/${id}`, { status: 'convertido' });
    expect([moved.status, moved.body.message]).toEqual([403, LEAD_STATUS_REFUSALS.notYours]);
    const bulk = await seller.post('/api/leads/bulk', { action: 'status', ids: [id], status: 'convertido' });
    expect(bulk.body.updated).toBe(0);
    expect(await stateOf([id])).toEqual([{ status: 'contactado', assigned_to: otherId, contacted_by: sellerId }]);
  });

  it("reaches a Vendedor's own and unassigned leads with bulk 'contactado', then moves those he contacted", async () => {
    const mine = await leads(2, sellerId);
    const free = await leads(2, null);
    const theirs = await leads(2, otherId);
    const ids = [...mine.ids, ...free.ids, ...theirs.ids];
    const marked = await seller.post('/api/leads/bulk', { action: 'status', ids, status: 'contactado' });
    expect(marked.body).toEqual({ updated: 4, skipped: 2, errors: [`2 leads: ${NOT_YOURS_TO_MARK}`] });
    const converted = await seller.post('/api/leads/bulk', { action: 'status', ids, status: 'convertido' });
    expect(converted.body).toEqual({ updated: 4, skipped: 2, errors: [`2 leads: ${NOT_YOURS}`] });
    expect((await stateOf(ids)).map((row) => row.status)).toEqual([
      'convertido',
      'convertido',
      'convertido',
      'convertido',
      'nuevo',
      'nuevo',
    ]);
    // A manager's bulk reaches every lead.
    const managed = await admin.post('/api/leads/bulk', { action: 'status', ids: theirs.ids, status: 'perdido' });
    expect(managed.body).toEqual({ updated: 2, skipped: 0, errors: [] });
  });

  it("'Repartir' by filter follows the role's rule and records whom each lead had before", async () => {
    const role = await admin.post('/api/custom-roles', { name: uniqueName('brol').toLowerCase(), displayName: 'Reparto' });
    const members = [
      (await createUser(server(), { username: uniqueName('m') })).id,
      (await createUser(server(), { username: uniqueName('m') })).id,
    ];
    for (const id of members) await admin.post(`/api/users/${id}/roles/${role.body.id}`);
    const { tag, ids } = await leads(10, otherId);
    const none = await admin.post('/api/leads/bulk', { action: 'distribute', filter: { q: `masivo ${tag}` }, roleId: role.body.id });
    expect(none.body).toEqual({ updated: 0, skipped: 10, errors: ['10 leads: Esta especialización no tiene reparto automático'] });
    await admin.put(`/api/custom-roles/${role.body.id}`, { distribution: 'round_robin' });
    const done = await admin.post('/api/leads/bulk', { action: 'distribute', filter: { q: `masivo ${tag}` }, roleId: role.body.id });
    expect(done.body).toEqual({ updated: 10, skipped: 0, errors: [] });
    const assigned = await assigneesOf(ids);
    expect(members.map((id) => assigned.filter((assignee) => assignee === id).length)).toEqual([5, 5]);
    const history = await server()
      .ctx.db.selectFrom('lead_history')
      .select('changes')
      .where('lead_id', 'in', ids)
      .where('type', '=', 'assigned')
      .execute();
    expect(history).toHaveLength(10);
    for (const entry of history) expect(entry.changes).toMatchObject({ assignedTo: { from: otherId } });
  });

  it('announces each batch once on the live feed, naming the leads it changed', async () => {
    const feed = await openFeed(server().url, seller);
    const events = () => feed.events.flatMap((event) => (event.type === 'leadsChanged' ? [event] : []));
    try {
      // 600 leads: one batch, split in two payloads of at most 500 ids.
      const { tag, ids } = await leads(600, null);
      const done = await admin.post('/api/leads/bulk', { action: 'assign', filter: { q: `masivo ${tag}` }, assignedTo: otherId });
      expect(done.body.updated).toBe(600);
      await expect.poll(() => events().flatMap((event) => event.leadIds).length, { timeout: 5_000 }).toBe(600);
      expect(new Set(events().flatMap((event) => event.leadIds))).toEqual(new Set(ids));
      expect(events().map((event) => [event.change, event.leadIds.length])).toEqual([
        ['assigned', 500],
        ['assigned', 100],
      ]);
      // Nothing changed, nothing announced.
      await admin.post('/api/leads/bulk', { action: 'assign', ids, assignedTo: otherId });
      await admin.post('/api/leads/bulk', { action: 'delete', ids: ids.slice(0, 3) });
      await expect.poll(() => events().length, { timeout: 5_000 }).toBe(3);
      expect(events()[2]?.change).toBe('deleted');
      expect(events()[2]?.leadIds.toSorted((a, b) => a - b)).toEqual(ids.slice(0, 3));
    } finally {
      await feed.close();
    }
  });

  it('deletes and moves to a group; refuses bad input in Spanish and changes nothing', async () => {
    const { ids } = await leads(2, null);
    expect((await admin.post('/api/leads/bulk', { action: 'group', ids, groupId: 999_999 })).body.message).toBe('El grupo no existe');
    expect((await admin.post('/api/leads/bulk', { action: 'assign', ids })).body.message).toBe('Indica a quién asignar');
    expect((await admin.post('/api/leads/bulk', { action: 'borrar', ids })).status).toBe(400);
    expect((await admin.post('/api/leads/bulk', { action: 'delete' })).body.message).toBe('Indica los leads: ids o un filtro');
    expect((await admin.post('/api/leads/bulk', { action: 'delete', ids })).body).toEqual({ updated: 2, skipped: 0, errors: [] });
    expect(await assigneesOf(ids)).toEqual([]);
  });
});
