import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';

describeWithServer('custom roles', (server) => {
  const asAdmin = () => loginAs(server(), 'admin', ADMIN_PASSWORD);
  const roleName = () => uniqueName('rol_').toLowerCase();

  describe('creating and editing', () => {
    it('creates a role with the default colour and lists it', async () => {
      const admin = await asAdmin();
      const name = roleName();
      const created = await admin.post('/api/custom-roles', { name, displayName: 'Técnico', description: 'Soporte' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name, displayName: 'Técnico', description: 'Soporte', color: '#6366f1' });
      const list = (await admin.get('/api/custom-roles')).body as { name: string }[];
      expect(list.map((role) => role.name)).toContain(name);
    });

    it.each([
      ['Tecnico', 'El identificador solo puede tener letras minúsculas, números y guion bajo'],
      ['téc', 'El identificador solo puede tener letras minúsculas, números y guion bajo'],
      ['con espacio', 'El identificador solo puede tener letras minúsculas, números y guion bajo'],
      ['con-guion', 'El identificador solo puede tener letras minúsculas, números y guion bajo'],
      ['', 'El identificador es requerido'],
      ['a'.repeat(51), 'Máximo 50 caracteres'],
    ])('refuses the identifier %j', async (name, message) => {
      const admin = await asAdmin();
      const response = await admin.post('/api/custom-roles', { name, displayName: 'X' });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    });

    it('accepts lowercase letters, digits and underscores', async () => {
      const admin = await asAdmin();
      const name = `${roleName()}_2b`;
      expect((await admin.post('/api/custom-roles', { name, displayName: 'X' })).status).toBe(201);
    });

    it('requires a display name and a hex colour', async () => {
      const admin = await asAdmin();
      const noDisplay = await admin.post('/api/custom-roles', { name: roleName(), displayName: '  ' });
      expect(noDisplay.body.message).toBe('El nombre visible es requerido');
      const badColor = await admin.post('/api/custom-roles', { name: roleName(), displayName: 'X', color: 'rojo' });
      expect(badColor.status).toBe(400);
      expect(badColor.body.message).toBe('Color inválido');
    });

    it('refuses a duplicate identifier with 409', async () => {
      const admin = await asAdmin();
      const name = roleName();
      await admin.post('/api/custom-roles', { name, displayName: 'Uno' });
      const again = await admin.post('/api/custom-roles', { name, displayName: 'Dos' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Ya existe un rol con ese identificador');
    });

    it('edits display name, description and colour but never the identifier', async () => {
      const admin = await asAdmin();
      const name = roleName();
      const { body: role } = await admin.post('/api/custom-roles', { name, displayName: 'Uno', description: 'Antes' });
      const updated = await admin.put(`/api/custom-roles/${role.id}`, {
        name: 'otro',
        displayName: 'Dos',
        description: '',
        color: '#FF0000',
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ name, displayName: 'Dos', description: null, color: '#ff0000' });
      expect((await admin.put('/api/custom-roles/999999', { displayName: 'X' })).status).toBe(404);
    });
  });

  describe('assignment', () => {
    it('assigns and removes a role; users-with-roles shows it', async () => {
      const admin = await asAdmin();
      const user = await createUser(server(), { username: uniqueName('v') });
      const { body: role } = await admin.post('/api/custom-roles', { name: roleName(), displayName: 'Jurídico', color: '#123abc' });
      const assigned = await admin.post(`/api/users/${user.id}/roles/${role.id}`);
      expect(assigned.status).toBe(200);
      expect(assigned.body).toEqual([
        { id: expect.any(Number), roleId: role.id, role: { name: role.name, displayName: 'Jurídico', color: '#123abc' } },
      ]);
      // Assigning again changes nothing.
      expect((await admin.post(`/api/users/${user.id}/roles/${role.id}`)).body).toHaveLength(1);
      const withRoles = (await admin.get('/api/users-with-roles')).body as { id: number; customRoles: unknown[] }[];
      expect(withRoles.find((entry) => entry.id === user.id)?.customRoles).toHaveLength(1);

      const removed = await admin.delete(`/api/users/${user.id}/roles/${role.id}`);
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual([]);
      const again = await admin.delete(`/api/users/${user.id}/roles/${role.id}`);
      expect(again.status).toBe(404);
    });

    it('answers 404 for an unknown user or role', async () => {
      const admin = await asAdmin();
      const user = await createUser(server(), { username: uniqueName('v') });
      const { body: role } = await admin.post('/api/custom-roles', { name: roleName(), displayName: 'X' });
      expect((await admin.post(`/api/users/999999/roles/${role.id}`)).status).toBe(404);
      expect((await admin.post(`/api/users/${user.id}/roles/999999`)).status).toBe(404);
      expect((await admin.post(`/api/users/abc/roles/${role.id}`)).status).toBe(400);
    });
  });

  describe('deleting', () => {
    it('removes its assignments and unlinks the groups tied to it, in one go', async () => {
      const admin = await asAdmin();
      const db = server().ctx.db;
      const user = await createUser(server(), { username: uniqueName('v') });
      const { body: role } = await admin.post('/api/custom-roles', { name: roleName(), displayName: 'Borrable' });
      const { body: kept } = await admin.post('/api/custom-roles', { name: roleName(), displayName: 'Se queda' });
      await admin.post(`/api/users/${user.id}/roles/${role.id}`);
      await admin.post(`/api/users/${user.id}/roles/${kept.id}`);
      const group = await db
        .insertInto('lead_groups')
        .values({ name: uniqueName('grupo'), assigned_role_id: role.id })
        .returning('id')
        .executeTakeFirstOrThrow();

      const deleted = await admin.delete(`/api/custom-roles/${role.id}`);
      expect(deleted.status).toBe(200);

      const roles = (await admin.get('/api/custom-roles')).body as { id: number }[];
      expect(roles.map((entry) => entry.id)).not.toContain(role.id);
      const withRoles = (await admin.get('/api/users-with-roles')).body as { id: number; customRoles: { roleId: number }[] }[];
      expect(withRoles.find((entry) => entry.id === user.id)?.customRoles.map((entry) => entry.roleId)).toEqual([kept.id]);
      const groupRow = await db.selectFrom('lead_groups').select('assigned_role_id').where('id', '=', group.id).executeTakeFirst();
      expect(groupRow).toEqual({ assigned_role_id: null });
      expect((await admin.delete(`/api/custom-roles/${role.id}`)).status).toBe(404);
    });
  });

  it('works through tRPC for a manager and refuses a team member', async () => {
    const managerName = uniqueName('mgr');
    const memberName = uniqueName('v');
    await createUser(server(), { username: managerName, systemRole: 'manager' });
    await createUser(server(), { username: memberName });
    const manager = await loginAs(server(), managerName);
    const member = await loginAs(server(), memberName);
    const input = { json: { name: roleName(), displayName: 'Vía tRPC' } };
    expect((await manager.request('POST', '/trpc/customRoles.create', input)).status).toBe(200);
    expect((await member.request('POST', '/trpc/customRoles.create', { json: { name: roleName(), displayName: 'No' } })).status).toBe(403);
  });
});
