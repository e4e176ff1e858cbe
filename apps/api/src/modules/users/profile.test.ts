/** The Profile screen's writes over HTTP on both databases: PUT /api/users/{id} and password change. */
import { LOGIN_MESSAGES } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, DEFAULT_PASSWORD, loginAs, uniqueName } from '../../test/harness.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';

const SHORT_PASSWORD = 'La contraseña debe tener al menos 6 caracteres';
const WRONG_CURRENT = 'La contraseña actual no es correcta';

describeWithServer('profile', (server) => {
  async function member(role: 'team_member' | 'manager' | 'admin' = 'team_member') {
    const username = uniqueName(role.replace('_', ''));
    const user = await createUser(server(), { username, systemRole: role });
    return { user, username, client: await loginAs(server(), username) };
  }

  describe('PUT /api/users/{id}', () => {
    it('a team member saves their own profile, and it persists', async () => {
      const { user, client } = await member();
      const email = `${uniqueName('nuevo')}@ejemplo.es`;
      const response = await client.put(`/api/users/${user.id}`, {
        firstName: '  Lucía ',
        lastName: 'Fernández Ruiz',
        email,
        phone: '+34 600 111 222',
        bio: 'Especialista en clínicas dentales.',
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: user.id,
        firstName: 'Lucía',
        lastName: 'Fernández Ruiz',
        email,
        phone: '+34 600 111 222',
        bio: 'Especialista en clínicas dentales.',
        systemRole: 'team_member',
      });
      expect(JSON.stringify(response.body)).not.toMatch(/hash/i);
      expect((await client.get('/api/auth/user')).body).toMatchObject({ firstName: 'Lucía', email });
    });

    it('a partial update leaves the other fields as they were', async () => {
      const { user, client } = await member();
      await client.put(`/api/users/${user.id}`, { phone: '611 222 333', bio: 'Primera' });
      const response = await client.put(`/api/users/${user.id}`, { bio: 'Segunda' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ phone: '611 222 333', bio: 'Segunda', firstName: user.firstName });
    });

    it("a team member may not edit another user's profile (403), and nothing changes", async () => {
      const { client } = await member();
      const { user: other } = await member();
      for (const target of [other, (await member('admin')).user]) {
        const response = await client.put(`/api/users/${target.id}`, { firstName: 'Intruso' });
        expect(response.status).toBe(403);
        expect(typeof response.body.message).toBe('string');
      }
      const stored = await server().ctx.db.selectFrom('users').select('first_name').where('id', '=', other.id).executeTakeFirstOrThrow();
      expect(stored.first_name).toBe(other.firstName);
    });

    it('answers 404 for an unknown id and 400 for an id that is not one', async () => {
      const { client } = await member('admin');
      expect((await client.put('/api/users/987654', { firstName: 'Nadie' })).status).toBe(404);
      for (const id of ['abc', '0', '-3', '1.5']) {
        const response = await client.put(`/api/users/${id}`, { firstName: 'Nadie' });
        expect(response.status, id).toBe(400);
      }
    });

    it("answers 400 'Email inválido' for a malformed email", async () => {
      const { user, client } = await member();
      for (const email of ['no-es-un-email', 'a@', '@b.es', 'x'.repeat(250) + '@b.es', 42]) {
        const response = await client.put(`/api/users/${user.id}`, { email });
        expect(response.status, String(email)).toBe(400);
        expect(response.body.message).toBe('Email inválido');
      }
    });

    it('answers the spec messages for blank names', async () => {
      const { user, client } = await member();
      expect((await client.put(`/api/users/${user.id}`, { firstName: '  ' })).body.message).toBe('El nombre es requerido');
      expect((await client.put(`/api/users/${user.id}`, { lastName: '' })).body.message).toBe('Los apellidos son requeridos');
    });

    it('refuses an email another user has (409, any case) and writes nothing of that request', async () => {
      const { user, client } = await member();
      const { user: other } = await member();
      const response = await client.put(`/api/users/${user.id}`, {
        firstName: 'NoDebeCambiar',
        email: (other.email ?? '').toUpperCase(),
      });
      expect(response.status).toBe(409);
      expect(response.body.message).toBe('Ya existe un usuario con ese email');
      expect((await client.get('/api/auth/user')).body.firstName).toBe(user.firstName);
      // Keeping one's own email (in another case) is not a conflict.
      expect((await client.put(`/api/users/${user.id}`, { email: (user.email ?? '').toUpperCase() })).status).toBe(200);
    });

    it('a non-admin may not change a role, their own or anyone else', async () => {
      const { user, client } = await member();
      for (const body of [{ role: 'admin' }, { systemRole: 'manager' }]) {
        const response = await client.put(`/api/users/${user.id}`, { firstName: 'Ascenso', ...body });
        expect(response.status).toBe(403);
      }
      const me = (await client.get('/api/auth/user')).body;
      expect(me).toMatchObject({ systemRole: 'team_member', firstName: user.firstName });

      const manager = await member('manager');
      const byManager = await manager.client.put(`/api/users/${user.id}`, { role: 'manager' });
      expect(byManager.status).toBe(403);
      // Sending the role one already has is no change, so it is allowed.
      expect((await client.put(`/api/users/${user.id}`, { role: 'vendedor' })).status).toBe(200);
    });

    it('an admin changes a role', async () => {
      const admin = await member('admin');
      const { user } = await member();
      const response = await admin.client.put(`/api/users/${user.id}`, { role: 'manager' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ systemRole: 'manager', role: 'manager' });
    });
  });

  describe('password change', () => {
    it('POST /api/auth/password refuses a wrong current password and a short new one (400)', async () => {
      const { client } = await member();
      const wrong = await client.post('/api/auth/password', { currentPassword: 'incorrecta', newPassword: 'nueva-clave' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(WRONG_CURRENT);
      const short = await client.post('/api/auth/password', { currentPassword: DEFAULT_PASSWORD, newPassword: '12345' });
      expect(short.status).toBe(400);
      expect(short.body.message).toBe(SHORT_PASSWORD);
      const missing = await client.post('/api/auth/password', {});
      expect(missing.status).toBe(400);
      // Nothing changed: the old password still signs in.
      expect((await client.get('/api/auth/user')).status).toBe(200);
    });

    it('POST /api/auth/password: success ends the other sessions and keeps the current one', async () => {
      const { username, client } = await member();
      const otherDevice = await loginAs(server(), username);

      const response = await client.post('/api/auth/password', { currentPassword: DEFAULT_PASSWORD, newPassword: 'otra-clave-1' });
      expect(response.status).toBe(200);
      expect((await client.get('/api/auth/user')).status).toBe(200);
      const ended = await otherDevice.get('/api/auth/user');
      expect(ended.status).toBe(401);
      expect(ended.body).toEqual({ message: 'Unauthorized' });

      const old = await new ApiClient(server().url).post('/api/login', { username, password: DEFAULT_PASSWORD });
      expect(old.status).toBe(401);
      expect(old.body.message).toBe(LOGIN_MESSAGES.wrongCredentials);
      expect((await loginAs(server(), username, 'otra-clave-1')).cookies.size).toBe(1);
    });

    it('anonymous callers get 401', async () => {
      const response = await new ApiClient(server().url).post('/api/auth/password', {
        currentPassword: DEFAULT_PASSWORD,
        newPassword: 'otra-clave',
      });
      expect(response.status).toBe(401);
    });

    it('tRPC users.changePassword applies the same rules', async () => {
      const { username, client } = await member();
      const otherDevice = await loginAs(server(), username);
      const trpc = trpcClientFor(client);

      const wrong = await trpcFailure(trpc.users.changePassword.mutate({ currentPassword: 'incorrecta', newPassword: 'nueva-clave' }));
      expect(wrong.message).toBe(WRONG_CURRENT);
      expect(wrong.data?.httpStatus).toBe(400);

      const short = await trpcFailure(trpc.users.changePassword.mutate({ currentPassword: DEFAULT_PASSWORD, newPassword: 'abc' }));
      expect(short.message).toBe(SHORT_PASSWORD);
      expect(short.data?.code).toBe('BAD_REQUEST');
      expect((await otherDevice.get('/api/auth/user')).status).toBe(200);

      expect(await trpc.users.changePassword.mutate({ currentPassword: DEFAULT_PASSWORD, newPassword: 'clave-trpc-2' })).toEqual({
        message: 'Contraseña actualizada',
      });
      expect((await trpc.auth.me.query())?.username).toBe(username);
      expect((await otherDevice.get('/api/auth/user')).status).toBe(401);
      await loginAs(server(), username, 'clave-trpc-2');
    });
  });
});
