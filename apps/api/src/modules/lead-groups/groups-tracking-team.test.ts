import { beforeAll, describe, expect, it } from 'vitest';
import { deleteLeadBatchOfDeletedGroup } from '@crm/db';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { enqueueLeftoverGroupPurges } from './lead-groups.jobs.js';

describeWithServer('lead groups, conversation tracking and the sales team', (server) => {
  let admin: ApiClient;
  let manager: ApiClient;
  let seller: ApiClient;
  let anonymous: ApiClient;
  let sellerId: number;

  beforeAll(async () => {
    const names = { admin: uniqueName('gadm'), manager: uniqueName('gman'), seller: uniqueName('gsel') };
    await createUser(server(), { username: names.admin, systemRole: 'admin' });
    await createUser(server(), { username: names.manager, systemRole: 'manager' });
    sellerId = (await createUser(server(), { username: names.seller })).id;
    admin = await loginAs(server(), names.admin);
    manager = await loginAs(server(), names.manager);
    seller = await loginAs(server(), names.seller);
    anonymous = new ApiClient(server().url);
  });

  async function groupWithLeads(count: number, roleId: number | null = null): Promise<{ id: number; leadIds: number[] }> {
    const db = server().ctx.db;
    const group = await db
      .insertInto('lead_groups')
      .values({ name: uniqueName('Grupo '), assigned_role_id: roleId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const leadIds: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const lead = await db
        .insertInto('leads')
        .values({ name: `L${index}`, category: 'otros', group_id: group.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      leadIds.push(lead.id);
    }
    return { id: group.id, leadIds };
  }

  async function newLead(): Promise<number> {
    const response = await admin.post('/api/leads', {
      name: uniqueName('Track '),
      email: `${uniqueName('t')}@x.es`,
      category: 'retail',
      description: 'Tienda',
    });
    return response.body.id;
  }

  describe('GET /api/lead-groups', () => {
    it('lists groups with their lead count and assigned role for every role', async () => {
      const role = await server()
        .ctx.db.insertInto('custom_roles')
        .values({ name: uniqueName('comercial_'), display_name: 'Comercial', color: '#10b981' })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
      const group = await groupWithLeads(3, role.id);
      for (const client of [admin, manager, seller]) {
        const response = await client.get('/api/lead-groups');
        expect(response.status).toBe(200);
        const found = response.body.find((g: { id: number }) => g.id === group.id);
        expect(found).toMatchObject({
          leadCount: 3,
          assignedRoleId: role.id,
          assignedRole: { id: role.id, name: role.name, displayName: 'Comercial', color: '#10b981' },
        });
      }
      expect((await anonymous.get('/api/lead-groups')).status).toBe(401);
    });
  });

  describe('DELETE /api/lead-groups/{id}', () => {
    it('deletes the group with its leads (and their tracking) and says how many', async () => {
      const group = await groupWithLeads(4);
      const firstLead = group.leadIds[0] ?? 0;
      await seller.post('/api/conversation-tracking', { leadId: firstLead, lastContactDate: '2026-11-20' });
      const response = await manager.delete(`/api/lead-groups/${group.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ id: group.id, deletedLeads: 4, message: 'Grupo eliminado junto con 4 leads' });
      // Gone from every list at once; its leads follow in batches after the answer, as a queued job.
      expect((await admin.get('/api/lead-groups')).body.some((g: { id: number }) => g.id === group.id)).toBe(false);
      const db = server().ctx.db;
      await expect.poll(() => db.selectFrom('lead_groups').select('id').where('id', '=', group.id).execute()).toEqual([]);
      expect(await db.selectFrom('leads').select('id').where('group_id', '=', group.id).execute()).toEqual([]);
      expect(await db.selectFrom('conversation_tracking').select('id').where('lead_id', '=', firstLead).execute()).toEqual([]);
      expect((await admin.delete(`/api/lead-groups/${group.id}`)).status).toBe(404);
    });

    it('answers one of two concurrent deletions of a group and 404 to the other', async () => {
      const group = await groupWithLeads(3);
      const answers = await Promise.all([admin.delete(`/api/lead-groups/${group.id}`), manager.delete(`/api/lead-groups/${group.id}`)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
      expect(answers.find((answer) => answer.status === 200)?.body.deletedLeads).toBe(3);
      await expect.poll(() => server().ctx.db.selectFrom('leads').select('id').where('group_id', '=', group.id).execute()).toEqual([]);
    });

    it('finishes at start-up a deletion that has no queued job (an earlier release left it), in batches, leaving other groups alone', async () => {
      const db = server().ctx.db;
      const interrupted = await groupWithLeads(3);
      const kept = await groupWithLeads(2);
      await db.updateTable('lead_groups').set({ deleted_at: new Date() }).where('id', '=', interrupted.id).execute();
      expect((await admin.get('/api/lead-groups')).body.some((g: { id: number }) => g.id === interrupted.id)).toBe(false);
      expect(await deleteLeadBatchOfDeletedGroup(db, interrupted.id, 2)).toBe(2);
      expect(await deleteLeadBatchOfDeletedGroup(db, kept.id, 2)).toBe(0);
      // What the server's start does.
      await enqueueLeftoverGroupPurges(server().ctx);
      await expect.poll(() => db.selectFrom('lead_groups').select('id').where('id', '=', interrupted.id).execute()).toEqual([]);
      expect(await db.selectFrom('leads').select('id').where('group_id', '=', interrupted.id).execute()).toEqual([]);
      expect(await db.selectFrom('leads').select('id').where('group_id', '=', kept.id).execute()).toHaveLength(2);
    });

    it('refuses a team_member and an anonymous caller, leaving the group and its leads', async () => {
      const group = await groupWithLeads(2);
      expect((await seller.delete(`/api/lead-groups/${group.id}`)).status).toBe(403);
      expect((await anonymous.delete(`/api/lead-groups/${group.id}`)).status).toBe(401);
      const groups = await admin.get('/api/lead-groups');
      expect(groups.body.find((g: { id: number }) => g.id === group.id)?.leadCount).toBe(2);
      expect((await admin.delete('/api/lead-groups/abc')).body.message).toBe('Identificador inválido');
    });
  });

  describe('conversation tracking', () => {
    it('lets a team_member create with Guardar and update with Actualizar; only admin and manager delete', async () => {
      const leadId = await newLead();
      const created = await seller.post('/api/conversation-tracking', {
        leadId,
        progressLevel: 'poco_progreso',
        messagesFromLead: '2',
        messagesToLead: 'abc',
        hasResponded: true,
        lastContactDate: '2026-11-21',
        notes: 'Llamar el lunes',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        leadId,
        progressLevel: 'poco_progreso',
        messagesFromLead: 2,
        messagesToLead: 0,
        hasResponded: true,
        lastContactDate: '2026-11-21',
        notes: 'Llamar el lunes',
      });
      const duplicate = await seller.post('/api/conversation-tracking', { leadId, lastContactDate: '2026-11-21' });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.message).toBe('Este lead ya tiene un seguimiento registrado');

      const updated = await seller.put(`/api/conversation-tracking/${created.body.id}`, {
        progressLevel: 'muy_interesado',
        messagesFromLead: 5,
        messagesToLead: 4,
        hasResponded: true,
        lastContactDate: '2026-11-22',
        notes: '',
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ id: created.body.id, progressLevel: 'muy_interesado', messagesFromLead: 5, notes: null });
      const listed = await manager.get('/api/conversation-tracking');
      expect(listed.body.find((r: { id: number }) => r.id === created.body.id)).toEqual(updated.body);
      const lead = await seller.get(`/api/leads/${leadId}`);
      expect(lead.body.tracking).toEqual(updated.body);

      expect((await seller.delete(`/api/conversation-tracking/${created.body.id}`)).status).toBe(403);
      expect((await anonymous.delete(`/api/conversation-tracking/${created.body.id}`)).status).toBe(401);
      expect((await manager.delete(`/api/conversation-tracking/${created.body.id}`)).body).toEqual({ id: created.body.id });
      expect((await admin.delete(`/api/conversation-tracking/${created.body.id}`)).status).toBe(404);
      expect((await seller.get(`/api/leads/${leadId}`)).body.tracking).toBeNull();
    });

    it('validates the form in Spanish', async () => {
      const leadId = await newLead();
      const cases: [Record<string, unknown>, string][] = [
        [{ leadId, lastContactDate: '' }, 'Fecha requerida'],
        [{ leadId, lastContactDate: '2026-13-40' }, 'Fecha inválida'],
        [{ leadId, lastContactDate: '2026-11-22', progressLevel: 'enamorado' }, 'Nivel de progreso inválido'],
        [{ leadId, lastContactDate: '2026-11-22', messagesToLead: -1 }, 'Debe ser un número mayor o igual a 0'],
        [{ leadId, lastContactDate: '2026-11-22', messagesFromLead: 2_147_483_648 }, 'Debe ser un número menor o igual a 2.147.483.647'],
        [{ leadId, lastContactDate: '2026-11-22', notes: 'Hola\u0000' }, 'El texto contiene caracteres no válidos'],
        [{ leadId, lastContactDate: '2026-11-22', notes: 'x'.repeat(5001) }, 'Máximo 5000 caracteres'],
      ];
      for (const [body, message] of cases) {
        const response = await seller.post('/api/conversation-tracking', body);
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(message);
      }
      const unknownLead = await seller.post('/api/conversation-tracking', { leadId: 999_999, lastContactDate: '2026-11-22' });
      expect(unknownLead.status).toBe(404);
      expect(unknownLead.body.message).toBe('Lead no encontrado');
      expect((await seller.put('/api/conversation-tracking/999999', { lastContactDate: '2026-11-22' })).status).toBe(404);
      expect((await anonymous.get('/api/conversation-tracking')).status).toBe(401);
      expect((await anonymous.post('/api/conversation-tracking', { leadId, lastContactDate: '2026-11-22' })).status).toBe(401);
    });
  });

  describe('GET /api/team/sales and /api/team/sales-with-roles', () => {
    it('lists every user, with their custom roles, for every role and never a hash', async () => {
      const db = server().ctx.db;
      const role = await db
        .insertInto('custom_roles')
        .values({ name: uniqueName('tecnico_'), display_name: 'Técnico', color: '#6366f1' })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
      const assignment = await db
        .insertInto('user_custom_roles')
        .values({ user_id: sellerId, role_id: role.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const client of [admin, manager, seller]) {
        const sales = await client.get('/api/team/sales');
        expect(sales.status).toBe(200);
        expect(sales.body.some((u: { id: number }) => u.id === sellerId)).toBe(true);
        expect(JSON.stringify(sales.body)).not.toContain('password');
        const withRoles = await client.get('/api/team/sales-with-roles');
        expect(withRoles.body.find((u: { id: number }) => u.id === sellerId)).toMatchObject({
          role: 'team_member',
          customRoles: [{ id: assignment.id, roleId: role.id, role: { name: role.name, displayName: 'Técnico', color: '#6366f1' } }],
        });
      }
      expect((await anonymous.get('/api/team/sales')).status).toBe(401);
      expect((await anonymous.get('/api/team/sales-with-roles')).status).toBe(401);
    });
  });
});
