import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { createLiveTrpc, openLiveSocket } from '../../test/live-client.js';

function newUserBody(overrides: Record<string, unknown> = {}) {
  const local = uniqueName('nuevo');
  return {
    firstName: 'Nuevo',
    lastName: 'Usuario',
    email: `${local}@empresa.es`,
    password: 'secreto1',
    systemRole: 'team_member',
    ...overrides,
  };
}

describeWithServer('user management', (server) => {
  const asAdmin = () => loginAs(server(), 'admin', ADMIN_PASSWORD);

  describe('creating users', () => {
    it('derives the username from the email local part, lowercased, and returns it', async () => {
      const admin = await asAdmin();
      const local = uniqueName('Marta.Gil');
      const { status, body } = await admin.post('/api/users', newUserBody({ email: `${local}@Empresa.es` }));
      expect(status).toBe(201);
      expect(body.username).toBe(local.toLowerCase());
      expect(body.systemRole).toBe('team_member');
      expect(body.role).toBe('team_member');
      expect(body).not.toHaveProperty('passwordHash');
      expect(body).not.toHaveProperty('password_hash');
    });

    it('makes the username unique with a numeric suffix, case-insensitively', async () => {
      const admin = await asAdmin();
      const local = uniqueName('luis');
      const first = await admin.post('/api/users', newUserBody({ email: `${local}@uno.es` }));
      const second = await admin.post('/api/users', newUserBody({ email: `${local.toUpperCase()}@dos.es` }));
      const third = await admin.post('/api/users', newUserBody({ email: `${local}@tres.es` }));
      expect([first.body.username, second.body.username, third.body.username]).toEqual([local, `${local}2`, `${local}3`]);
    });

    it('lets the new user sign in with the derived username or the email', async () => {
      const admin = await asAdmin();
      const body = newUserBody();
      const created = await admin.post('/api/users', body);
      const byUsername = new ApiClient(server().url);
      expect((await byUsername.post('/api/login', { username: created.body.username, password: body.password })).status).toBe(200);
      const byEmail = new ApiClient(server().url);
      expect((await byEmail.post('/api/login', { username: body.email.toUpperCase(), password: body.password })).status).toBe(200);
    });

    it('refuses a duplicate email, whatever its case, with 409 and creates nothing', async () => {
      const admin = await asAdmin();
      const body = newUserBody();
      expect((await admin.post('/api/users', body)).status).toBe(201);
      const before = (await admin.get('/api/users')).body.length;
      const again = await admin.post('/api/users', { ...body, email: body.email.toUpperCase() });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Ya existe un usuario con ese email');
      expect((await admin.get('/api/users')).body.length).toBe(before);
    });

    it('answers the spec validation messages', async () => {
      const admin = await asAdmin();
      const cases: [Record<string, unknown>, string][] = [
        [{ firstName: '' }, 'Todos los campos son requeridos'],
        [{ lastName: '   ' }, 'Todos los campos son requeridos'],
        [{ email: 'no-es-email' }, 'Email inválido'],
        [{ password: '12345' }, 'La contraseña debe tener al menos 6 caracteres'],
        [{ systemRole: 'jefe' }, 'El rol es requerido'],
        [{ systemRole: 'manager', teamName: ' ' }, 'El nombre del equipo es requerido para managers'],
      ];
      for (const [override, message] of cases) {
        const response = await admin.post('/api/users', newUserBody(override));
        expect(response.status, JSON.stringify(override)).toBe(400);
        expect(response.body.message).toBe(message);
      }
    });

    it('reads vendedor as team_member and keeps a team name only for managers', async () => {
      const admin = await asAdmin();
      const vendedor = await admin.post('/api/users', newUserBody({ systemRole: 'vendedor', teamName: 'Norte' }));
      expect(vendedor.body.systemRole).toBe('team_member');
      expect(vendedor.body.teamName).toBeNull();
      const manager = await admin.post('/api/users', newUserBody({ systemRole: 'manager', teamName: 'Norte' }));
      expect(manager.body.systemRole).toBe('manager');
      expect(manager.body.teamName).toBe('Norte');
    });

    it('records a user_created activity', async () => {
      const admin = await asAdmin();
      const created = await admin.post('/api/users', newUserBody({ firstName: 'Rosa', lastName: 'Vidal' }));
      expect(created.status).toBe(201);
      const rows = await server()
        .ctx.db.selectFrom('activities')
        .select(['type', 'description', 'user_id'])
        .where('type', '=', 'user_created')
        .execute();
      expect(rows.some((row) => row.description.endsWith('creó el usuario Rosa Vidal'))).toBe(true);
    });

    it('creates through tRPC with the same rules', async () => {
      const admin = await asAdmin();
      const response = await admin.request('POST', '/trpc/users.create', { json: newUserBody({ systemRole: 'admin' }) });
      expect(response.status).toBe(200);
      const manager = uniqueName('mgr');
      await createUser(server(), { username: manager, systemRole: 'manager' });
      const asManager = await loginAs(server(), manager);
      const refused = await asManager.request('POST', '/trpc/users.create', { json: newUserBody({ systemRole: 'admin' }) });
      expect(refused.status).toBe(403);
    });
  });

  describe('listing', () => {
    it('counts users per role', async () => {
      const admin = await asAdmin();
      const before = (await admin.get('/api/users/role-counts')).body;
      await createUser(server(), { username: uniqueName('m'), systemRole: 'manager' });
      await createUser(server(), { username: uniqueName('v') });
      await createUser(server(), { username: uniqueName('v') });
      const after = (await admin.get('/api/users/role-counts')).body;
      expect(after).toEqual({ admin: before.admin, manager: before.manager + 1, team_member: before.team_member + 2 });
      const list = (await admin.get('/api/users')).body as { systemRole: string }[];
      expect(list.filter((user) => user.systemRole === 'team_member').length).toBe(after.team_member);
    });
  });

  describe('editing', () => {
    it('answers the spec messages for blank names', async () => {
      const admin = await asAdmin();
      const target = await createUser(server(), { username: uniqueName('v') });
      const first = await admin.put(`/api/users/${target.id}`, { firstName: ' ', lastName: 'Ok' });
      expect(first.body.message).toBe('El nombre es requerido');
      const last = await admin.put(`/api/users/${target.id}`, { firstName: 'Ok', lastName: '' });
      expect(last.body.message).toBe('Los apellidos son requeridos');
    });

    it('refuses an email another user has, case-insensitively', async () => {
      const admin = await asAdmin();
      const one = await createUser(server(), { username: uniqueName('v') });
      const two = await createUser(server(), { username: uniqueName('v') });
      const response = await admin.put(`/api/users/${two.id}`, { email: (one.email ?? '').toUpperCase() });
      expect(response.status).toBe(409);
      expect(response.body.message).toBe('Ya existe un usuario con ese email');
    });

    it('answers 404 for an unknown user and 400 for a bad id', async () => {
      const admin = await asAdmin();
      expect((await admin.put('/api/users/999999', { firstName: 'X' })).status).toBe(404);
      expect((await admin.put('/api/users/abc', { firstName: 'X' })).status).toBe(400);
      expect((await admin.delete('/api/users/999999')).status).toBe(404);
    });
  });

  describe('immediate effect', () => {
    it('a demoted manager is refused manager actions on their very next request', async () => {
      const admin = await asAdmin();
      const username = uniqueName('mgr');
      const manager = await createUser(server(), { username, systemRole: 'manager' });
      const client = await loginAs(server(), username);
      const allowed = await client.post('/api/custom-roles', { name: uniqueName('r'), displayName: 'Uno' });
      expect(allowed.status).toBe(201);
      expect((await admin.put(`/api/users/${manager.id}`, { role: 'team_member' })).status).toBe(200);
      const refused = await client.post('/api/custom-roles', { name: uniqueName('r'), displayName: 'Dos' });
      expect(refused.status).toBe(403);
      expect((await client.get('/api/auth/user')).body.systemRole).toBe('team_member');
    });

    it('a demoted manager is refused on their very next call over an already open tRPC WebSocket', async () => {
      const admin = await asAdmin();
      const username = uniqueName('mgr');
      const manager = await createUser(server(), { username, systemRole: 'manager' });
      const { trpc, wsClient } = createLiveTrpc(server().url, await loginAs(server(), username));
      try {
        await trpc.customRoles.create.mutate({ name: uniqueName('ws_').toLowerCase(), displayName: 'Antes' });
        expect((await admin.put(`/api/users/${manager.id}`, { role: 'team_member' })).status).toBe(200);
        await expect(
          trpc.customRoles.create.mutate({ name: uniqueName('ws_').toLowerCase(), displayName: 'Después' }),
        ).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
        expect((await admin.delete(`/api/users/${manager.id}`)).status).toBe(200);
        await expect(trpc.users.list.query()).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
      } finally {
        await wsClient.close();
      }
    });

    it('a promoted member gains the role on their very next request', async () => {
      const admin = await asAdmin();
      const username = uniqueName('v');
      const member = await createUser(server(), { username });
      const client = await loginAs(server(), username);
      expect((await client.post('/api/users', newUserBody())).status).toBe(403);
      await admin.put(`/api/users/${member.id}`, { systemRole: 'manager' });
      expect((await client.post('/api/users', newUserBody())).status).toBe(201);
    });

    it('a deleted user is signed out everywhere: their next request answers 401', async () => {
      const admin = await asAdmin();
      const username = uniqueName('v');
      const member = await createUser(server(), { username });
      const laptop = await loginAs(server(), username);
      const phone = await loginAs(server(), username);
      expect((await laptop.get('/api/auth/user')).status).toBe(200);
      const deleted = await admin.delete(`/api/users/${member.id}`);
      expect(deleted.status).toBe(200);
      expect((await laptop.get('/api/auth/user')).status).toBe(401);
      expect((await phone.get('/api/users')).status).toBe(401);
      const sessions = await server().ctx.db.selectFrom('sessions').select('id').where('user_id', '=', member.id).execute();
      expect(sessions).toEqual([]);
    });

    it("a deleted user's live connection is closed", async () => {
      const admin = await asAdmin();
      const username = uniqueName('v');
      const member = await createUser(server(), { username });
      const client = await loginAs(server(), username);
      const live = await openLiveSocket(server().url, client);
      expect((await admin.get('/api/team')).body.find((row: { id: number }) => row.id === member.id)?.online).toBe(true);
      expect((await admin.delete(`/api/users/${member.id}`)).status).toBe(200);
      await live.closed;
      expect(live.socket.readyState).toBe(live.socket.CLOSED);
    });

    it('nobody deletes themself', async () => {
      const admin = await asAdmin();
      const me = (await admin.get('/api/auth/user')).body;
      const response = await admin.delete(`/api/users/${me.id}`);
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('No puedes eliminar tu propio usuario');
      expect((await admin.get('/api/auth/user')).status).toBe(200);
    });
  });
});
