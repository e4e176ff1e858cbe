import { openLiveConnection } from '@crm/db';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';

describeWithServer('team screen', (server) => {
  const asAdmin = () => loginAs(server(), 'admin', ADMIN_PASSWORD);

  async function insertLeadsFor(userId: number, statuses: ('nuevo' | 'contactado' | 'convertido')[]) {
    await server()
      .ctx.db.insertInto('leads')
      .values(statuses.map((status, index) => ({ name: `Lead ${userId}-${index}`, category: 'tecnologia', status, assigned_to: userId })))
      .execute();
  }

  describe('GET /api/team', () => {
    it('lists users with leads assigned, converted and the conversion rate', async () => {
      const admin = await asAdmin();
      const seller = await createUser(server(), { username: uniqueName('v') });
      const idle = await createUser(server(), { username: uniqueName('v') });
      await insertLeadsFor(seller.id, ['nuevo', 'contactado', 'convertido']);
      const { status, body } = await admin.get('/api/team');
      expect(status).toBe(200);
      const row = body.find((member: { id: number }) => member.id === seller.id);
      expect(row).toMatchObject({ username: seller.username, assigned: 3, converted: 1, conversionRate: 33.3 });
      expect(row).not.toHaveProperty('passwordHash');
      expect(body.find((member: { id: number }) => member.id === idle.id)).toMatchObject({
        assigned: 0,
        converted: 0,
        conversionRate: 0,
      });
    });

    it('shows real presence: online only while a live connection is open', async () => {
      const admin = await asAdmin();
      const online = await createUser(server(), { username: uniqueName('v') });
      const offline = await createUser(server(), { username: uniqueName('v') });
      await openLiveConnection(server().ctx.db, { id: randomUUID(), userId: online.id, replicaId: randomUUID() });
      const { body } = await admin.get('/api/team');
      const byId = new Map(body.map((member: { id: number; online: boolean }) => [member.id, member.online]));
      expect(byId.get(online.id)).toBe(true);
      expect(byId.get(offline.id)).toBe(false);
    });

    it('carries when each user was last seen, a fresh sign-in included', async () => {
      const admin = await asAdmin();
      const never = await createUser(server(), { username: uniqueName('v') });
      const stamped = await createUser(server(), { username: uniqueName('v') });
      const username = uniqueName('v');
      const justSignedIn = await createUser(server(), { username });
      await loginAs(server(), username);
      await server().ctx.db.updateTable('users').set({ last_seen_at: new Date() }).where('id', '=', stamped.id).execute();
      const { body } = await admin.get('/api/team');
      const find = (id: number) => body.find((member: { id: number }) => member.id === id);
      const anHourAgo = Date.now() - 60 * 60 * 1000;
      expect(find(never.id).lastSeenAt).toBeNull();
      expect(new Date(find(stamped.id).lastSeenAt).getTime()).toBeGreaterThan(anHourAgo);
      expect(new Date(find(justSignedIn.id).lastSeenAt).getTime()).toBeGreaterThan(anHourAgo);
    });
  });

  describe("'Agregar Miembro'", () => {
    it('splits the full name at the first space and derives the username', async () => {
      const admin = await asAdmin();
      const local = uniqueName('maria');
      const { status, body } = await admin.post('/api/team/members', {
        fullName: '  María José  de la Fuente ',
        email: `${local}@empresa.es`,
        password: 'secreto1',
        role: 'team_member',
      });
      expect(status).toBe(201);
      expect(body).toMatchObject({ firstName: 'María', lastName: 'José  de la Fuente', username: local, systemRole: 'team_member' });
    });

    it('requires a team name for managers and stores it', async () => {
      const admin = await asAdmin();
      const base = { fullName: 'Jefa Norte', email: `${uniqueName('jefa')}@empresa.es`, password: 'secreto1', role: 'manager' };
      const missing = await admin.post('/api/team/members', base);
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('El nombre del equipo es requerido para managers');
      const ok = await admin.post('/api/team/members', { ...base, teamName: 'Equipo Norte' });
      expect(ok.body).toMatchObject({ systemRole: 'manager', teamName: 'Equipo Norte', firstName: 'Jefa', lastName: 'Norte' });
    });

    it('answers the spec messages for the other fields', async () => {
      const admin = await asAdmin();
      const valid = { fullName: 'Ana López', email: `${uniqueName('ana')}@x.es`, password: 'secreto1', role: 'team_member' };
      const cases: [Record<string, unknown>, string][] = [
        [{ fullName: ' ' }, 'El nombre completo es requerido'],
        [{ email: 'ana' }, 'Email inválido'],
        [{ password: '123' }, 'La contraseña debe tener al menos 6 caracteres'],
        [{ role: 'jefe' }, 'El rol es requerido'],
      ];
      for (const [override, message] of cases) {
        const response = await admin.post('/api/team/members', { ...valid, ...override });
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(message);
      }
    });

    it('refuses a duplicate email with 409', async () => {
      const admin = await asAdmin();
      const email = `${uniqueName('dup')}@x.es`;
      const body = { fullName: 'Ana López', email, password: 'secreto1' };
      expect((await admin.post('/api/team/members', body)).status).toBe(201);
      const again = await admin.post('/api/team/members', { ...body, email: email.toUpperCase() });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Ya existe un usuario con ese email');
    });
  });
});
