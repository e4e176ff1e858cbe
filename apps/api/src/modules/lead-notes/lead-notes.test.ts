import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';

describeWithServer('lead notes and deleting a lead', (server) => {
  let admin: ApiClient;
  let manager: ApiClient;
  let seller: ApiClient;
  let otherSeller: ApiClient;
  let sellerId: number;

  beforeAll(async () => {
    const names = { admin: uniqueName('admin'), manager: uniqueName('manager'), seller: uniqueName('seller'), other: uniqueName('other') };
    await createUser(server(), { username: names.admin, systemRole: 'admin' });
    await createUser(server(), { username: names.manager, systemRole: 'manager' });
    sellerId = (await createUser(server(), { username: names.seller, firstName: 'Sergio', lastName: 'Ruiz' })).id;
    await createUser(server(), { username: names.other });
    admin = await loginAs(server(), names.admin);
    manager = await loginAs(server(), names.manager);
    seller = await loginAs(server(), names.seller);
    otherSeller = await loginAs(server(), names.other);
  });

  const newLead = async () => {
    const created = await manager.post('/api/leads', {
      name: uniqueName('Notas '),
      email: `${uniqueName('n')}@ejemplo.es`,
      category: 'retail',
      description: 'Tienda',
    });
    return created.body.id as number;
  };

  describe('notes', () => {
    it('lets anyone who reads the lead add one, and only its author edit or delete it', async () => {
      const leadId = await newLead();
      const added = await seller.post(`/api/leads/${leadId}/notes`, { body: '  Quiere presupuesto  ' });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ leadId, body: 'Quiere presupuesto', author: { id: sellerId, name: 'Sergio Ruiz' } });
      const noteId = added.body.id as number;
      for (const client of [otherSeller, manager, admin]) {
        expect((await client.put(`/api/lead-notes/${noteId}`, { body: 'Cambiada' })).status).toBe(403);
        expect((await client.delete(`/api/lead-notes/${noteId}`)).status).toBe(403);
      }
      const edited = await seller.put(`/api/lead-notes/${noteId}`, { body: 'Quiere presupuesto en enero' });
      expect(edited.status).toBe(200);
      expect(edited.body.body).toBe('Quiere presupuesto en enero');
      expect((await admin.get(`/api/leads/${leadId}/notes`)).body.map((note: { body: string }) => note.body)).toEqual([
        'Quiere presupuesto en enero',
      ]);
      expect((await seller.delete(`/api/lead-notes/${noteId}`)).status).toBe(200);
      expect((await admin.get(`/api/leads/${leadId}/notes`)).body).toEqual([]);
      expect((await seller.delete(`/api/lead-notes/${noteId}`)).status).toBe(404);
    });

    it('refuses an empty note, an unknown lead and an anonymous caller', async () => {
      const leadId = await newLead();
      const empty = await seller.post(`/api/leads/${leadId}/notes`, { body: '   ' });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('La nota no puede estar vacía');
      expect((await seller.post('/api/leads/999999/notes', { body: 'Hola' })).status).toBe(404);
      expect((await new ApiClient(server().url).post(`/api/leads/${leadId}/notes`, { body: 'Hola' })).status).toBe(401);
    });

    it('works the same over tRPC', async () => {
      const leadId = await newLead();
      const mine = trpcClientFor(seller);
      const note = await mine.leadNotes.create.mutate({ leadId, body: 'Por tRPC' });
      expect((await mine.leadNotes.list.query({ leadId })).map((item) => item.id)).toEqual([note.id]);
      const refused = await trpcFailure(trpcClientFor(otherSeller).leadNotes.update.mutate({ id: note.id, body: 'No' }));
      expect(refused.data?.code).toBe('FORBIDDEN');
      expect((await mine.leadNotes.update.mutate({ id: note.id, body: 'Sí' })).body).toBe('Sí');
      await mine.leadNotes.delete.mutate({ id: note.id });
      expect(await mine.leadNotes.list.query({ leadId })).toEqual([]);
    });
  });

  describe('DELETE /api/leads/{id}', () => {
    it('refuses a team_member, and deletes the lead with its notes, follow-ups and history for an admin or a manager', async () => {
      for (const client of [manager, admin]) {
        const leadId = await newLead();
        await seller.post(`/api/leads/${leadId}/notes`, { body: 'Nota' });
        await manager.post('/api/follow-ups', { leadId, dueAt: new Date(Date.now() + 3_600_000).toISOString() });
        const refused = await seller.delete(`/api/leads/${leadId}`);
        expect(refused.status).toBe(403);
        expect((await seller.get(`/api/leads/${leadId}`)).status).toBe(200);
        expect((await client.delete(`/api/leads/${leadId}`)).status).toBe(200);
        expect((await seller.get(`/api/leads/${leadId}`)).status).toBe(404);
        const db = server().ctx.db;
        for (const table of ['lead_notes', 'lead_history', 'follow_ups'] as const) {
          expect(await db.selectFrom(table).select('id').where('lead_id', '=', leadId).execute(), table).toEqual([]);
        }
        expect((await client.delete(`/api/leads/${leadId}`)).status).toBe(404);
      }
      const refused = await trpcFailure(trpcClientFor(seller).leads.delete.mutate({ id: await newLead() }));
      expect(refused.data?.code).toBe('FORBIDDEN');
    });
  });
});
