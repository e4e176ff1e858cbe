import { recordActivity } from '@crm/db';
import { expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { daysAgo } from '../analytics/test-fixtures.js';

describeWithServer('recent activities', (server) => {
  it('lists activities newest first with their types, ties broken by the later one', async () => {
    const db = server().ctx.db;
    await db.deleteFrom('activities').execute();
    const sameInstant = daysAgo(1);
    await db
      .insertInto('activities')
      .values([
        { type: 'group_created', description: 'Grupo Ferias creado', created_at: daysAgo(3) },
        { type: 'lead_converted', description: 'Lead A convertido', created_at: sameInstant },
        { type: 'message_sent', description: 'Mensaje enviado', created_at: sameInstant },
        { type: 'legacy_type', description: 'Algo antiguo', created_at: daysAgo(10) },
      ])
      .execute();
    await recordActivity(db, { type: 'lead_created', description: 'Ana creó el lead Clínica Sol' });

    const username = uniqueName('vend');
    await createUser(server(), { username });
    const client = await loginAs(server(), username);
    const { status, body } = await client.get('/api/activities/recent');
    expect(status).toBe(200);
    expect(body.map((a: { type: string }) => a.type)).toEqual([
      'lead_created',
      'message_sent',
      'lead_converted',
      'group_created',
      'legacy_type',
    ]);
    expect(body[0]).toMatchObject({ description: 'Ana creó el lead Clínica Sol' });
    expect(Number.isNaN(Date.parse(body[0].createdAt))).toBe(false);
  });

  it('honours the limit, 10 by default', async () => {
    const db = server().ctx.db;
    await db.deleteFrom('activities').execute();
    await db
      .insertInto('activities')
      .values(Array.from({ length: 15 }, (_, i) => ({ type: 'lead_created', description: `Lead ${i}`, created_at: daysAgo(i / 24) })))
      .execute();
    const client = await loginAs(server(), 'admin', 'admin-secreto');
    expect((await client.get('/api/activities/recent')).body).toHaveLength(10);
    const three = await client.get('/api/activities/recent?limit=3');
    expect(three.body.map((a: { description: string }) => a.description)).toEqual(['Lead 0', 'Lead 1', 'Lead 2']);
    const trpc = await client.get(`/trpc/activities.recent?input=${encodeURIComponent(JSON.stringify({ json: { limit: 2 } }))}`);
    expect(trpc.body.result.data.json).toHaveLength(2);
  });

  it('refuses a bad limit with a Spanish 400 and anonymous callers with 401', async () => {
    const client = await loginAs(server(), 'admin', 'admin-secreto');
    const tooMany = await client.get('/api/activities/recent?limit=500');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('El límite máximo es 50');
    expect((await client.get('/api/activities/recent?limit=abc')).status).toBe(400);
    expect((await new ApiClient(server().url).get('/api/activities/recent')).status).toBe(401);
    expect((await new ApiClient(server().url).get('/trpc/activities.recent')).status).toBe(401);
  });
});
