import { beforeAll, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { openFeed } from '../../test/live-client.js';
import { trpcClientFor } from '../../test/trpc-client.js';

describeWithServer('pipeline board', (server) => {
  let manager: ApiClient;
  let seller: ApiClient;
  const tag = uniqueName('embudo').toLowerCase();
  const ids: number[] = [];

  beforeAll(async () => {
    const names = { manager: uniqueName('manager'), seller: uniqueName('seller') };
    await createUser(server(), { username: names.manager, systemRole: 'manager' });
    await createUser(server(), { username: names.seller });
    manager = await loginAs(server(), names.manager);
    seller = await loginAs(server(), names.seller);
    for (let index = 0; index < 3; index += 1) {
      const created = await manager.post('/api/leads', {
        name: `Tablero ${tag} ${index}`,
        email: `${uniqueName('p')}@ejemplo.es`,
        category: 'retail',
        description: 'x',
      });
      ids.push(created.body.id);
    }
  });

  it('answers one column per status with its count and first page, and pages a column on', async () => {
    const board = await seller.get(`/api/pipeline?q=${tag}&limit=2`);
    expect(board.status).toBe(200);
    expect(board.body.columns.map((column: { status: string }) => column.status)).toEqual([
      'nuevo',
      'contactado',
      'interesado',
      'convertido',
      'perdido',
    ]);
    const nuevo = board.body.columns[0];
    expect(nuevo.count).toBe(3);
    expect(nuevo.items.map((lead: { id: number }) => lead.id)).toEqual([ids[2], ids[1]]);
    const next = await seller.get(`/api/pipeline/column?q=${tag}&status=nuevo&limit=2&cursor=${nuevo.nextCursor}`);
    expect(next.body).toEqual({ items: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
    expect((await seller.get('/api/pipeline/column?status=raro')).status).toBe(400);
  });

  it('announces a moved card live to every open board, and the column counts follow', async () => {
    const feed = await openFeed(server().url, seller);
    try {
      expect((await manager.put(`/api/leads/${ids[0]}`, { status: 'interesado' })).status).toBe(200);
      await expect
        .poll(() => feed.events.find((event) => event.type === 'leadChanged' && event.leadId === ids[0]), { timeout: 5_000 })
        .toMatchObject({
          type: 'leadChanged',
          leadId: ids[0],
          change: 'updated',
          status: 'interesado',
          lead: { id: ids[0], status: 'interesado' },
        });
      const board = await trpcClientFor(seller).pipeline.board.query({ q: tag });
      expect(board.columns.map((column) => column.count)).toEqual([2, 0, 1, 0, 0]);
      // What an open board refetches after the event: the counts alone.
      const counts = await trpcClientFor(seller).pipeline.counts.query({ q: tag });
      expect(counts.columns).toEqual(board.columns.map(({ status, count, value }) => ({ status, count, value })));
    } finally {
      await feed.close();
    }
  });
});
