import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';

interface Entry {
  id: number;
  type: string;
  at: string;
  actor: { id: number; name: string } | null;
  changes: Record<string, any>;
}

describeWithServer('lead history', (server) => {
  let admin: ApiClient;
  let manager: ApiClient;
  let seller: ApiClient;
  let managerId: number;
  let sellerId: number;
  let adminId: number;

  beforeAll(async () => {
    const names = { admin: uniqueName('admin'), manager: uniqueName('manager'), seller: uniqueName('seller') };
    adminId = (await createUser(server(), { username: names.admin, systemRole: 'admin', firstName: 'Ana', lastName: 'Admin' })).id;
    managerId = (await createUser(server(), { username: names.manager, systemRole: 'manager', firstName: 'Marta', lastName: 'Gómez' })).id;
    sellerId = (await createUser(server(), { username: names.seller, firstName: 'Sergio', lastName: 'Ruiz' })).id;
    admin = await loginAs(server(), names.admin);
    manager = await loginAs(server(), names.manager);
    seller = await loginAs(server(), names.seller);
  });

  const newLead = async (client: ApiClient, assignedTo: number | null = null) => {
    const created = await client.post('/api/leads', {
      name: uniqueName('Clínica '),
      email: `${uniqueName('h')}@ejemplo.es`,
      category: 'salud',
      description: 'Centro',
      assignedTo,
    });
    expect(created.status).toBe(201);
    return created.body.id as number;
  };
  const historyOf = async (leadId: number): Promise<Entry[]> => {
    const response = await seller.get(`/api/leads/${leadId}/history`);
    expect(response.status).toBe(200);
    return response.body;
  };

  it('records each kind of change with who did it, newest first', async () => {
    const leadId = await newLead(manager, sellerId);
    expect(await manager.put(`/api/leads/${leadId}`, { name: 'Clínica Nueva', phone: '600 111 222' })).toMatchObject({ status: 200 });
    expect(await manager.put(`/api/leads/${leadId}/assign`, { assignedTo: managerId })).toMatchObject({ status: 200 });
    expect(await seller.put(`/api/leads/${leadId}`, { status: 'contactado' })).toMatchObject({ status: 200 });
    expect(await manager.put(`/api/leads/${leadId}`, { status: 'interesado' })).toMatchObject({ status: 200 });
    const tracking = await seller.post('/api/conversation-tracking', {
      leadId,
      progressLevel: 'poco_progreso',
      messagesFromLead: 1,
      messagesToLead: 2,
      hasResponded: true,
      lastContactDate: '2026-11-20',
      notes: 'Primera llamada',
    });
    expect(tracking.status).toBeLessThan(300);
    expect((await seller.put(`/api/conversation-tracking/${tracking.body.id}`, { messagesToLead: 3 })).status).toBe(200);
    expect((await seller.post(`/api/leads/${leadId}/notes`, { body: 'Llamar el lunes' })).status).toBe(201);

    const history = await historyOf(leadId);
    expect(history.map((entry) => entry.type)).toEqual([
      'note_added',
      'tracking_updated',
      'tracking_created',
      'status_changed',
      'contacted',
      'assigned',
      'edited',
      'assigned',
      'created',
    ]);
    const [note, trackingUpdated, , moved, contacted, reassigned, edited, firstAssignment, created] = history;
    expect(created?.actor).toEqual({ id: managerId, name: 'Marta Gómez' });
    expect(firstAssignment?.changes).toEqual({ assignedTo: { from: null, to: { id: sellerId, name: 'Sergio Ruiz' } } });
    expect(edited?.changes).toMatchObject({
      name: { to: 'Clínica Nueva' },
      phone: { from: null, to: (await seller.get(`/api/leads/${leadId}`)).body.phone },
    });
    expect(reassigned?.changes).toEqual({
      assignedTo: { from: { id: sellerId, name: 'Sergio Ruiz' }, to: { id: managerId, name: 'Marta Gómez' } },
    });
    expect(contacted).toMatchObject({ actor: { id: sellerId }, changes: { status: { from: 'nuevo', to: 'contactado' } } });
    expect(moved?.changes).toEqual({ status: { from: 'contactado', to: 'interesado' } });
    expect(trackingUpdated?.changes).toEqual({ messagesToLead: { from: 2, to: 3 } });
    expect(note).toMatchObject({ actor: { id: sellerId, name: 'Sergio Ruiz' }, changes: { excerpt: 'Llamar el lunes' } });
    expect(typeof created?.at).toBe('string');
  });

  it('keeps the name of someone deactivated, and records their open leads going to nobody', async () => {
    const name = uniqueName('temporal');
    const temporaryId = (await createUser(server(), { username: name, systemRole: 'manager', firstName: 'Tomás', lastName: 'Baja' })).id;
    const temporary = await loginAs(server(), name);
    const leadId = await newLead(temporary, temporaryId);
    expect((await admin.delete(`/api/users/${temporaryId}`)).status).toBe(200);
    const [unassigned, assigned, created] = await historyOf(leadId);
    expect(unassigned).toMatchObject({
      type: 'assigned',
      actor: { id: adminId, name: 'Ana Admin' },
      changes: { assignedTo: { from: { id: temporaryId, name: 'Tomás Baja' }, to: null } },
    });
    expect(assigned?.actor).toEqual({ id: temporaryId, name: 'Tomás Baja' });
    expect(created?.type).toBe('created');
  });

  it("records one 'imported' entry per imported lead, naming the import", async () => {
    const groupName = uniqueName('Feria ');
    const email = `${uniqueName('imp')}@ejemplo.es`;
    const data = new FormData();
    data.append('file', new Blob([`name,categoryName,email\nImportada Uno,dentist,${email}\n`]), 'feria.csv');
    data.append('groupName', groupName);
    const imported = await admin.post('/api/leads/import', data);
    expect(imported.status).toBe(200);
    const page = await seller.get(`/api/leads?groupId=${imported.body.groupId}`);
    const leadId = page.body.items[0].id as number;
    expect(await historyOf(leadId)).toEqual([
      expect.objectContaining({
        type: 'imported',
        actor: { id: adminId, name: 'Ana Admin' },
        changes: expect.objectContaining({ groupName, fileName: 'feria.csv' }),
      }),
    ]);
  });

  it('pages the timeline over tRPC and answers 404 for an unknown lead', async () => {
    const leadId = await newLead(manager);
    for (const description of ['1', '2', '3']) await manager.put(`/api/leads/${leadId}`, { description });
    const trpc = trpcClientFor(seller);
    const first = await trpc.leadHistory.list.query({ leadId, limit: 2 });
    expect(first.items.map((entry) => entry.changes['description'])).toEqual([
      { from: '2', to: '3' },
      { from: '1', to: '2' },
    ]);
    const second = await trpc.leadHistory.list.query({ leadId, limit: 2, cursor: first.nextCursor ?? undefined });
    expect(second.items.map((entry) => entry.type)).toEqual(['edited', 'created']);
    expect(second.nextCursor).toBeNull();
    expect(first.items[0]?.at).toBeInstanceOf(Date);
    expect((await seller.get('/api/leads/999999/history')).status).toBe(404);
    expect((await trpcFailure(trpc.leadHistory.list.query({ leadId: 999999 }))).data?.httpStatus).toBe(404);
  });

  describe('in the same transaction as the change', () => {
    it('rolls the change back when its history entry cannot be written, and the entry with it', async () => {
      const db = server().ctx.db;
      // Fault injection in the real database: the history insert fails for this one marker.
      await sql`create or replace function refuse_marked_history() returns trigger language plpgsql as $$
        begin
          if new.changes::text like '%ROLLBACK-MARK%' then raise exception 'history refused'; end if;
          return new;
        end $$`.execute(db);
      await sql`create trigger refuse_marked_history before insert on lead_history
        for each row execute function refuse_marked_history()`.execute(db);
      try {
        const leadId = await newLead(manager);
        const before = await historyOf(leadId);
        const failed = await manager.put(`/api/leads/${leadId}`, { name: 'ROLLBACK-MARK', description: 'otra' });
        expect(failed.status).toBeGreaterThanOrEqual(400);
        expect((await seller.get(`/api/leads/${leadId}`)).body).toMatchObject({ description: 'Centro' });
        expect((await seller.get(`/api/leads/${leadId}`)).body.name).not.toBe('ROLLBACK-MARK');
        expect(await historyOf(leadId)).toEqual(before);
        const note = await seller.post(`/api/leads/${leadId}/notes`, { body: 'ROLLBACK-MARK' });
        expect(note.status).toBeGreaterThanOrEqual(400);
        expect((await seller.get(`/api/leads/${leadId}/notes`)).body).toEqual([]);
      } finally {
        await sql`drop trigger refuse_marked_history on lead_history`.execute(db);
      }
    });
  });
});
