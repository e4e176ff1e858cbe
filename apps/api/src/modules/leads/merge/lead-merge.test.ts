/** POST /api/leads/{id}/merge and leads.merge: everything moves, nothing is left behind, refusals change nothing. */
import { LEAD_REFERENCING_TABLES } from '@crm/db';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, createUser, describeWithServer, loginAs, uniqueName, uniquePhone } from '../../../test/harness.js';
import { createLiveTrpc, openFeed } from '../../../test/live-client.js';
import { trpcClientFor, trpcFailure } from '../../../test/trpc-client.js';

describeWithServer('merging two leads', (server) => {
  let admin: ApiClient;
  let manager: ApiClient;
  let seller: ApiClient;
  let adminId: number;
  let sellerId: number;

  beforeAll(async () => {
    const names = { admin: uniqueName('madm'), manager: uniqueName('mman'), seller: uniqueName('mvend') };
    adminId = (await createUser(server(), { username: names.admin, systemRole: 'admin' })).id;
    await createUser(server(), { username: names.manager, systemRole: 'manager' });
    sellerId = (await createUser(server(), { username: names.seller })).id;
    [admin, manager, seller] = await Promise.all([
      loginAs(server(), names.admin),
      loginAs(server(), names.manager),
      loginAs(server(), names.seller),
    ]);
  });

  async function newLead(fields: Record<string, unknown> = {}): Promise<{ id: number; name: string; email: string; phone: string }> {
    const tag = uniqueName('fus');
    const response = await admin.post('/api/leads', {
      name: `Lead ${tag}`,
      email: `${tag}@example.com`,
      phone: uniquePhone(),
      category: 'salud',
      description: `Descripción ${tag}`,
      ...fields,
    });
    expect(response.status).toBe(201);
    return response.body;
  }

  /** Rows pointing at `leadId` in every table with a foreign key to leads. */
  async function referencesTo(leadId: number): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of LEAD_REFERENCING_TABLES) {
      const { rows } = await sql<{
        count: number;
      }>`select count(*)::int as count from ${sql.table(table)} where lead_id = ${leadId}`.execute(server().ctx.db);
      counts[table] = rows[0]?.count ?? 0;
    }
    return counts;
  }

  /** One row in each table that points at `leadId`, the way the app writes them (HTTP where there is a path). */
  async function giveEverything(leadId: number): Promise<void> {
    const db = server().ctx.db;
    expect((await admin.post(`/api/leads/${leadId}/notes`, { body: 'Llamar el lunes' })).status).toBe(201);
    expect((await admin.post(`/api/leads/${leadId}/contacts`, { name: 'Marta Gil', cargo: 'Gerente' })).status).toBe(201);
    const dueAt = new Date(Date.now() + 86_400_000).toISOString();
    expect((await admin.post('/api/follow-ups', { leadId, dueAt, ownerId: sellerId })).status).toBe(201);
    await db
      .insertInto('conversation_tracking')
      .values({ lead_id: leadId, last_contact_date: '2026-11-01', messages_to_lead: 3, notes: 'Interesado en la demo' })
      .execute();
    await db
      .insertInto('chat_messages')
      .values({ sender_id: adminId, receiver_id: sellerId, message: 'Mira este lead', lead_id: leadId })
      .execute();
    const notice = await db
      .insertInto('notifications')
      .values({ user_id: sellerId, kind: 'lead_assigned', title: 'Lead', body: 'Asignado', lead_id: leadId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('notification_leads').values({ notification_id: notice.id, lead_id: leadId }).execute();
    await db
      .insertInto('activities')
      .values({ type: 'lead_contacted', description: 'Contactado', user_id: adminId, lead_id: leadId })
      .execute();
    const form = await db
      .insertInto('web_forms')
      .values({ slug: `fusion-${leadId}`, name: 'Contacto', fields: '[]', thank_you_text: 'Gracias' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('web_form_submissions')
      .values({ form_id: form.id, lead_id: leadId, outcome: 'created', address_hash: 'x', utm: '{}' })
      .execute();
    const tag = await admin.post('/api/tags', { name: `Fusión ${leadId}` });
    expect((await admin.put(`/api/leads/${leadId}/tags`, { tagIds: [tag.body.id] })).status).toBe(200);
  }

  const leadExists = async (id: number) =>
    (await server().ctx.db.selectFrom('leads').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

  it('knows every table that points at leads', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select distinct source.relname as table_name
      from pg_constraint fk
      join pg_class source on source.oid = fk.conrelid
      where fk.contype = 'f' and fk.confrelid = 'leads'::regclass`.execute(server().ctx.db);
    expect(rows.map((row) => row.table_name).sort()).toEqual([...LEAD_REFERENCING_TABLES].sort());
  });

  it('moves every row of the absorbed lead to the survivor, takes the chosen fields and leaves no orphan', async () => {
    const survivor = await newLead({ assignedTo: sellerId });
    const absorbed = await newLead({ category: 'finanzas' });
    await giveEverything(absorbed.id);
    const before = { survivor: await referencesTo(survivor.id), absorbed: await referencesTo(absorbed.id) };
    expect(Object.values(before.absorbed).every((count) => count >= 1)).toBe(true);

    const response = await manager.post(`/api/leads/${survivor.id}/merge`, {
      otherId: absorbed.id,
      fields: { email: 'other', category: 'other', name: 'this' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: survivor.id,
      name: survivor.name,
      email: absorbed.email,
      phone: survivor.phone,
      category: 'finanzas',
      assignedTo: sellerId,
      tracking: { messagesToLead: 3, notes: 'Interesado en la demo' },
    });
    expect(response.body.nextFollowUp).not.toBeNull();
    expect(await leadExists(absorbed.id)).toBe(false);

    const after = await referencesTo(survivor.id);
    for (const table of LEAD_REFERENCING_TABLES) {
      // Every row moved (history gains the 'merged' entry), none was dropped by a cascade.
      const merged = table === 'lead_history' ? 1 : 0;
      expect({ table, count: after[table] }).toEqual({
        table,
        count: (before.survivor[table] ?? 0) + (before.absorbed[table] ?? 0) + merged,
      });
    }
    expect(Object.values(await referencesTo(absorbed.id)).every((count) => count === 0)).toBe(true);

    const history = await admin.get(`/api/leads/${survivor.id}/history`);
    const entry = history.body.find((item: { type: string }) => item.type === 'merged');
    expect(entry).toMatchObject({
      actor: { name: expect.any(String) },
      changes: {
        mergedLead: { id: absorbed.id, name: absorbed.name },
        email: { from: survivor.email, to: absorbed.email },
        category: { from: 'salud', to: 'finanzas' },
        moved: { tracking: 'moved', notes: 1, followUps: 1, chatMessages: 1, notifications: 1, contacts: 1 },
      },
    });
    expect(entry.changes).not.toHaveProperty('name');
    // The absorbed lead's own history came along ('created' of both leads).
    expect(history.body.filter((item: { type: string }) => item.type === 'created')).toHaveLength(2);
  });

  it('folds two tracking records into one and frees the absorbed lead email', async () => {
    const survivor = await newLead();
    const absorbed = await newLead();
    const db = server().ctx.db;
    await db
      .insertInto('conversation_tracking')
      .values({ lead_id: survivor.id, last_contact_date: '2026-10-01', messages_to_lead: 2 })
      .execute();
    await db
      .insertInto('conversation_tracking')
      .values({
        lead_id: absorbed.id,
        last_contact_date: '2026-11-02',
        messages_to_lead: 5,
        progress_level: 'interesado',
        has_responded: true,
      })
      .execute();
    const merged = await trpcClientFor(admin).leads.merge.mutate({ id: survivor.id, otherId: absorbed.id, fields: {} });
    expect(merged.tracking).toMatchObject({
      messagesToLead: 7,
      hasResponded: true,
      lastContactDate: '2026-11-02',
      progressLevel: 'interesado',
    });
    expect(merged.email).toBe(survivor.email);
    // The duplicate rule still holds: the survivor's email is taken, the absorbed one's is free again.
    expect((await admin.post('/api/leads', { name: 'Otro', email: survivor.email, category: 'salud', description: 'x' })).status).toBe(409);
    expect((await admin.post('/api/leads', { name: 'Otro', email: absorbed.email, category: 'salud', description: 'x' })).status).toBe(201);
  });

  it('refuses a Vendedor on REST and tRPC, and changes nothing', async () => {
    const survivor = await newLead({ assignedTo: sellerId });
    const absorbed = await newLead({ assignedTo: sellerId });
    const rest = await seller.post(`/api/leads/${survivor.id}/merge`, { otherId: absorbed.id, fields: {} });
    expect(rest.status).toBe(403);
    expect(rest.body.message).toMatch(/permisos/);
    const trpc = await trpcFailure(trpcClientFor(seller).leads.merge.mutate({ id: survivor.id, otherId: absorbed.id }));
    expect(trpc.data?.code).toBe('FORBIDDEN');
    expect(await leadExists(absorbed.id)).toBe(true);
  });

  it('refuses a Vendedor over the tRPC socket too, and tells every open list of both leads live', async () => {
    const survivor = await newLead();
    const absorbed = await newLead();
    const live = createLiveTrpc(server().url, seller);
    const feed = await openFeed(server().url, seller);
    try {
      const refused = await trpcFailure(live.trpc.leads.merge.mutate({ id: survivor.id, otherId: absorbed.id }));
      expect(refused.data?.code).toBe('FORBIDDEN');
      expect(await leadExists(absorbed.id)).toBe(true);
      expect((await manager.post(`/api/leads/${survivor.id}/merge`, { otherId: absorbed.id })).status).toBe(200);
      const ofThePair = () =>
        feed.events.filter((event) => event.type === 'leadChanged' && (event.leadId === survivor.id || event.leadId === absorbed.id));
      await expect.poll(ofThePair, { timeout: 5_000 }).toEqual([
        { type: 'leadChanged', leadId: absorbed.id, change: 'deleted', status: 'nuevo' },
        {
          type: 'leadChanged',
          leadId: survivor.id,
          change: 'updated',
          status: 'nuevo',
          lead: expect.objectContaining({ id: survivor.id }),
        },
      ]);
    } finally {
      await feed.close();
      await live.wsClient.close();
    }
  });

  it('answers 400 for a lead merged with itself or a bad body, and 404 for a missing lead', async () => {
    const lead = await newLead();
    const self = await admin.post(`/api/leads/${lead.id}/merge`, { otherId: lead.id });
    expect(self).toMatchObject({ status: 400, body: { message: 'Un lead no se puede fusionar consigo mismo' } });
    expect((await admin.post(`/api/leads/${lead.id}/merge`, { otherId: 'x' })).status).toBe(400);
    expect((await admin.post(`/api/leads/${lead.id}/merge`, { otherId: 2_000_000_000, fields: { colour: 'other' } })).status).toBe(400);
    expect((await admin.post(`/api/leads/${lead.id}/merge`, { otherId: 2_000_000_000, fields: { email: 'both' } })).status).toBe(400);
    const missing = await admin.post(`/api/leads/${lead.id}/merge`, { otherId: 2_000_000_000 });
    expect(missing).toMatchObject({ status: 404, body: { message: 'Lead no encontrado' } });
    expect((await admin.post(`/api/leads/2000000000/merge`, { otherId: lead.id })).status).toBe(404);
    expect(await leadExists(lead.id)).toBe(true);
  });

  it('refuses (409) taking an email a third lead has, and changes nothing', async () => {
    const survivor = await newLead();
    const absorbed = await newLead();
    // A legacy duplicate, as the unique-keys migration leaves one (ranked after the lead it repeats).
    const third = await server()
      .ctx.db.insertInto('leads')
      .values({ name: 'Tercero', category: 'otros', email: absorbed.email.toUpperCase(), search_text: 'tercero', email_key_rank: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await giveEverything(absorbed.id);
    const before = await referencesTo(absorbed.id);
    const response = await admin.post(`/api/leads/${survivor.id}/merge`, { otherId: absorbed.id, fields: { email: 'other' } });
    expect(response.status).toBe(409);
    expect(response.body.existingLead).toEqual({ id: third.id, name: 'Tercero' });
    expect(await leadExists(absorbed.id)).toBe(true);
    expect(await referencesTo(absorbed.id)).toEqual(before);
  });

  it('lets one of two concurrent merges of the same pair win; the other is a clean 404', async () => {
    const first = await newLead();
    const second = await newLead();
    await giveEverything(second.id);
    const total = async () => {
      const [a, b] = [await referencesTo(first.id), await referencesTo(second.id)];
      return Object.fromEntries(LEAD_REFERENCING_TABLES.map((table) => [table, (a[table] ?? 0) + (b[table] ?? 0)]));
    };
    const before = await total();
    const answers = await Promise.all([
      admin.post(`/api/leads/${first.id}/merge`, { otherId: second.id }),
      manager.post(`/api/leads/${second.id}/merge`, { otherId: first.id }),
      admin.post(`/api/leads/${first.id}/merge`, { otherId: second.id }),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 404, 404]);
    const winner = answers.find((answer) => answer.status === 200)?.body.id as number;
    const loser = winner === first.id ? second.id : first.id;
    expect(await leadExists(loser)).toBe(false);
    const after = await total();
    expect(after).toEqual({ ...before, lead_history: (before['lead_history'] ?? 0) + 1 });
  });
});
