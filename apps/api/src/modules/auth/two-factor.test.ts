/**
 * The second factor over real HTTP on a real database: enrolment, the sign-in's second step, replays,
 * recovery codes, the throttle counting codes, turning it off, an admin's reset, the requirement
 * per role on every transport, and one-time password reset links. Refusals first.
 */
import { FORBIDDEN_MESSAGE, LOGIN_MESSAGES, TWO_FACTOR_MESSAGES } from '@crm/domain';
import { generate } from 'otplib';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ApiClient, createUser, DEFAULT_PASSWORD, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { openLiveSocket, RefusedUpgrade } from '../../test/live-client.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';

const PERIOD_SECONDS = 30;

/** The code an authenticator app shows `stepsAhead` periods from now (the server accepts one ahead). */
function codeFor(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * PERIOD_SECONDS });
}

describeWithServer('second factor (2FA)', (server) => {
  const db = () => server().ctx.db;

  afterEach(async () => {
    await db().deleteFrom('login_attempts').execute();
    await db().deleteFrom('two_factor_requirements').execute();
  });

  /** As if the authenticator's clock had moved on: codes of the coming steps are fresh again. */
  async function letTimePass(userId: number): Promise<void> {
    await db().updateTable('user_second_factors').set({ last_used_step: null }).where('user_id', '=', userId).execute();
  }

  /** A signed-in user with a confirmed second factor: its secret and recovery codes. */
  async function enrolledUser(systemRole: 'admin' | 'manager' | 'team_member' = 'team_member') {
    const username = uniqueName('dosf');
    const user = await createUser(server(), { username, systemRole });
    const client = await loginAs(server(), username);
    const setup = await client.post('/api/auth/2fa/setup');
    expect(setup.status).toBe(200);
    const confirm = await client.post('/api/auth/2fa/confirm', { code: await codeFor(setup.body.secret) });
    expect(confirm.status).toBe(200);
    await letTimePass(user.id);
    return { user, username, client, secret: setup.body.secret as string, recoveryCodes: confirm.body.recoveryCodes as string[] };
  }

  async function passwordStep(client: ApiClient, username: string, password = DEFAULT_PASSWORD) {
    const response = await client.post('/api/login', { username, password });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ message: TWO_FACTOR_MESSAGES.codeRequired, secondFactorRequired: true });
    return response.body.challenge as string;
  }

  describe('enrolment', () => {
    it('refuses confirming before starting and a wrong first code, and stays off', async () => {
      const username = uniqueName('enrol');
      await createUser(server(), { username });
      const client = await loginAs(server(), username);
      const early = await client.post('/api/auth/2fa/confirm', { code: '123456' });
      expect(early.status).toBe(400);
      expect(early.body.message).toBe(TWO_FACTOR_MESSAGES.noPendingEnrolment);
      const setup = await client.post('/api/auth/2fa/setup');
      const rightCode = await codeFor(setup.body.secret);
      const wrongCode = rightCode === '000000' ? '111111' : '000000';
      expect((await client.post('/api/auth/2fa/confirm', { code: wrongCode })).body.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
      const malformed = await client.post('/api/auth/2fa/confirm', { code: '12ab' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe('El código tiene 6 dígitos');
      expect((await client.get('/api/auth/2fa')).body).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
      // Without a confirmed factor the password alone still signs in.
      expect((await new ApiClient(server().url).post('/api/login', { username, password: DEFAULT_PASSWORD })).status).toBe(200);
    });

    it('enrols with a locally drawn QR code, answers 10 recovery codes once, and never shows the secret again', async () => {
      const username = uniqueName('enrol');
      await createUser(server(), { username });
      const client = await loginAs(server(), username);
      const setup = await client.post('/api/auth/2fa/setup');
      expect(setup.status).toBe(200);
      expect(setup.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
      expect(setup.body.otpauthUri).toMatch(new RegExp(`^otpauth://totp/.*${username}.*secret=${setup.body.secret}`));
      expect(setup.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(setup.body.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
      const confirm = await client.post('/api/auth/2fa/confirm', { code: await codeFor(setup.body.secret) });
      expect(confirm.status).toBe(200);
      expect(confirm.body.recoveryCodes).toHaveLength(10);
      expect(new Set(confirm.body.recoveryCodes).size).toBe(10);
      for (const code of confirm.body.recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      // Stored hashed: no recovery code and no secret in any answer or row in plain.
      const stored = await db().selectFrom('second_factor_recovery_codes').select('code_hash').execute();
      expect(stored.map((row) => row.code_hash)).not.toContain(confirm.body.recoveryCodes[0]);
      const status = await client.get('/api/auth/2fa');
      expect(status.body).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
      const me = await client.get('/api/auth/user');
      expect(me.body).toMatchObject({ twoFactorEnabled: true, mustEnrolTwoFactor: false });
      expect(JSON.stringify([status.body, me.body])).not.toContain(setup.body.secret);
      const again = await client.post('/api/auth/2fa/setup');
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(TWO_FACTOR_MESSAGES.alreadyEnabled);
    });
  });

  describe('sign-in', () => {
    it('asks for the code after a right password, without a session, and refuses a wrong code', async () => {
      const { username, secret } = await enrolledUser();
      const client = new ApiClient(server().url);
      const wrongPassword = await client.post('/api/login', { username, password: 'incorrecta' });
      expect(wrongPassword.body).toEqual({ message: LOGIN_MESSAGES.wrongCredentials });
      const challenge = await passwordStep(client, username);
      expect(client.cookies.size).toBe(0);
      expect((await client.get('/api/auth/user')).status).toBe(401);
      const rightCode = await codeFor(secret);
      const wrong = await client.post('/api/login/2fa', { challenge, code: rightCode === '000000' ? '111111' : '000000' });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
      expect(client.cookies.size).toBe(0);
      const forged = await client.post('/api/login/2fa', { challenge: 'inventado', code: rightCode });
      expect(forged.status).toBe(401);
      expect(forged.body.message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
      const right = await client.post('/api/login/2fa', { challenge, code: rightCode });
      expect(right.status).toBe(200);
      expect(right.body).toMatchObject({ username, twoFactorEnabled: true });
      expect((await client.get('/api/auth/user')).body.username).toBe(username);
    });

    it('refuses a code already used (a replay), and a challenge used or expired', async () => {
      const { user, username, secret } = await enrolledUser();
      const first = new ApiClient(server().url);
      const code = await codeFor(secret);
      const challenge = await passwordStep(first, username);
      expect((await first.post('/api/login/2fa', { challenge, code })).status).toBe(200);
      // The same code again, with a fresh challenge: refused.
      const second = new ApiClient(server().url);
      const replay = await second.post('/api/login/2fa', { challenge: await passwordStep(second, username), code });
      expect(replay.status).toBe(401);
      expect(replay.body.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
      // The used challenge is spent, even with a fresh code.
      const reused = await second.post('/api/login/2fa', { challenge, code: await codeFor(secret, 1) });
      expect(reused.body.message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
      // An expired challenge: refused.
      const third = new ApiClient(server().url);
      const stale = await passwordStep(third, username);
      await db()
        .updateTable('login_challenges')
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .where('user_id', '=', user.id)
        .execute();
      const expired = await third.post('/api/login/2fa', { challenge: stale, code: await codeFor(secret, 1) });
      expect(expired.status).toBe(401);
      expect(expired.body.message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
      expect(third.cookies.size).toBe(0);
    });

    it('accepts each recovery code once, typed in any case', async () => {
      const { username, recoveryCodes, client: owner } = await enrolledUser();
      const [recovery] = recoveryCodes;
      if (!recovery) throw new Error('sin códigos');
      const client = new ApiClient(server().url);
      const signedIn = await client.post('/api/login/2fa', {
        challenge: await passwordStep(client, username),
        code: ` ${recovery.toLowerCase()} `,
      });
      expect(signedIn.status).toBe(200);
      const again = new ApiClient(server().url);
      const reused = await again.post('/api/login/2fa', { challenge: await passwordStep(again, username), code: recovery });
      expect(reused.status).toBe(401);
      expect(reused.body.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
      expect((await owner.get('/api/auth/2fa')).body.recoveryCodesLeft).toBe(9);
    });

    it('accepts a code once even when two sign-ins send it at the same moment', async () => {
      const { username, secret } = await enrolledUser();
      const clients = [new ApiClient(server().url), new ApiClient(server().url)];
      const challenges = [await passwordStep(clients[0] as ApiClient, username), await passwordStep(clients[1] as ApiClient, username)];
      const code = await codeFor(secret);
      const answers = await Promise.all(
        clients.map((client, index) => client.post('/api/login/2fa', { challenge: challenges[index], code })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    });

    it('counts wrong codes in the sign-in throttle: the 6th attempt is a 429 even with the right code, and retyping the password buys nothing', async () => {
      const { username, secret } = await enrolledUser();
      const client = new ApiClient(server().url);
      const rightCode = await codeFor(secret);
      const wrongCode = rightCode === '000000' ? '111111' : '000000';
      let challenge = await passwordStep(client, username);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        if (attempt === 4) challenge = await passwordStep(client, username);
        const wrong = await client.post('/api/login/2fa', { challenge, code: wrongCode });
        expect(wrong.status, `intento ${attempt}`).toBe(401);
      }
      const sixth = await client.post('/api/login/2fa', { challenge, code: rightCode });
      expect(sixth.status).toBe(429);
      expect(sixth.body.message).toBe(LOGIN_MESSAGES.throttled);
      expect((await client.post('/api/login', { username, password: DEFAULT_PASSWORD })).status).toBe(429);
      expect(client.cookies.size).toBe(0);
    });
  });

  describe('new recovery codes', () => {
    it('need a current code, and replace the old ones', async () => {
      const { username, secret, recoveryCodes, client } = await enrolledUser();
      const rightCode = await codeFor(secret);
      const refused = await client.post('/api/auth/2fa/recovery-codes', { code: rightCode === '000000' ? '111111' : '000000' });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
      const fresh = await client.post('/api/auth/2fa/recovery-codes', { code: rightCode });
      expect(fresh.status).toBe(200);
      expect(fresh.body.recoveryCodes).toHaveLength(10);
      expect(fresh.body.recoveryCodes).not.toContain(recoveryCodes[0]);
      const old = new ApiClient(server().url);
      expect((await old.post('/api/login/2fa', { challenge: await passwordStep(old, username), code: recoveryCodes[0] })).status).toBe(401);
      const renewed = new ApiClient(server().url);
      expect(
        (await renewed.post('/api/login/2fa', { challenge: await passwordStep(renewed, username), code: fresh.body.recoveryCodes[0] }))
          .status,
      ).toBe(200);
    });
  });

  describe('turning it off', () => {
    it('needs the password and a current code', async () => {
      const { username, secret, client } = await enrolledUser();
      const rightCode = await codeFor(secret);
      const noPassword = await client.post('/api/auth/2fa/disable', { password: 'incorrecta', code: rightCode });
      expect(noPassword.status).toBe(400);
      expect(noPassword.body.message).toBe(TWO_FACTOR_MESSAGES.wrongPasswordOrCode);
      const noCode = await client.post('/api/auth/2fa/disable', {
        password: DEFAULT_PASSWORD,
        code: rightCode === '000000' ? '111111' : '000000',
      });
      expect(noCode.body.message).toBe(TWO_FACTOR_MESSAGES.wrongPasswordOrCode);
      expect((await client.post('/api/auth/2fa/disable', { password: DEFAULT_PASSWORD })).status).toBe(400);
      expect((await client.get('/api/auth/2fa')).body.enabled).toBe(true);
      const off = await client.post('/api/auth/2fa/disable', { password: DEFAULT_PASSWORD, code: rightCode });
      expect(off.status).toBe(200);
      expect((await client.get('/api/auth/2fa')).body).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
      expect((await new ApiClient(server().url).post('/api/login', { username, password: DEFAULT_PASSWORD })).status).toBe(200);
    });
  });

  describe("an admin's reset", () => {
    it('is refused to managers and sellers, and lets the person sign in with the password alone', async () => {
      const { user, username } = await enrolledUser();
      const managerName = uniqueName('jefe');
      await createUser(server(), { username: managerName, systemRole: 'manager' });
      const manager = await loginAs(server(), managerName);
      const sellerName = uniqueName('colega');
      await createUser(server(), { username: sellerName });
      const seller = await loginAs(server(), sellerName);
      for (const caller of [manager, seller]) {
        const refused = await caller.delete(`/api/users/${user.id}/two-factor`);
        expect(refused.status).toBe(403);
        expect(refused.body.message).toBe(FORBIDDEN_MESSAGE);
        expect((await trpcFailure(trpcClientFor(caller).auth.twoFactor.reset.mutate({ id: user.id }))).data?.code).toBe('FORBIDDEN');
      }
      const admin = await loginAs(server(), 'admin', ADMIN_PASSWORD);
      expect((await admin.delete('/api/users/999999/two-factor')).status).toBe(404);
      expect((await admin.delete('/api/users/abc/two-factor')).status).toBe(400);
      const reset = await admin.delete(`/api/users/${user.id}/two-factor`);
      expect(reset.status).toBe(200);
      expect((await admin.delete(`/api/users/${user.id}/two-factor`)).status).toBe(400);
      const signedIn = await new ApiClient(server().url).post('/api/login', { username, password: DEFAULT_PASSWORD });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.twoFactorEnabled).toBe(false);
    });
  });

  describe('required per role', () => {
    it('is set by admins only', async () => {
      const managerName = uniqueName('jefe');
      await createUser(server(), { username: managerName, systemRole: 'manager' });
      const manager = await loginAs(server(), managerName);
      const refused = await manager.put('/api/roles/team_member/two-factor', { required: true });
      expect(refused.status).toBe(403);
      expect(
        (await trpcFailure(trpcClientFor(manager).auth.twoFactor.setRequirement.mutate({ role: 'team_member', required: true }))).data
          ?.code,
      ).toBe('FORBIDDEN');
      const admin = await loginAs(server(), 'admin', ADMIN_PASSWORD);
      expect((await admin.put('/api/roles/jefazo/two-factor', { required: true })).status).toBe(400);
      expect((await admin.put('/api/roles/999999/two-factor', { required: true })).status).toBe(404);
      expect((await admin.put('/api/roles/team_member/two-factor', { required: 'sí' })).status).toBe(400);
      expect((await admin.get('/api/roles/two-factor')).body).toEqual({ systemRoles: [], customRoleIds: [] });
      const set = await admin.put('/api/roles/vendedor/two-factor', { required: true });
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ systemRoles: ['team_member'], customRoleIds: [] });
      expect((await admin.put('/api/roles/team_member/two-factor', { required: false })).body).toEqual({
        systemRoles: [],
        customRoleIds: [],
      });
    });

    it('sends a member without a factor to enrol: every other call, on REST, tRPC and sockets, is a Spanish 403 until then', async () => {
      const admin = await loginAs(server(), 'admin', ADMIN_PASSWORD);
      const username = uniqueName('obligado');
      const user = await createUser(server(), { username });
      const client = await loginAs(server(), username);
      const trpc = trpcClientFor(client);
      expect((await client.get('/api/leads')).status).toBe(200);
      await admin.put('/api/roles/team_member/two-factor', { required: true });

      const me = await client.get('/api/auth/user');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ username, mustEnrolTwoFactor: true });
      for (const [method, path] of [
        ['GET', '/api/leads'],
        ['GET', '/api/team'],
        ['POST', '/api/auth/password'],
        ['POST', '/api/auth/2fa/disable'],
      ] as const) {
        const refused = await client.request(method, path, method === 'POST' ? {} : undefined);
        expect(refused.status, path).toBe(403);
        expect(refused.body.message, path).toBe(TWO_FACTOR_MESSAGES.enrolFirst);
      }
      const batched = await Promise.all([trpcFailure(trpc.leads.list.query({})), trpcFailure(trpc.users.list.query())]);
      for (const failure of batched) {
        expect(failure.data?.code).toBe('FORBIDDEN');
        expect(failure.message).toBe(TWO_FACTOR_MESSAGES.enrolFirst);
      }
      expect((await trpc.auth.me.query())?.mustEnrolTwoFactor).toBe(true);
      await expect(openLiveSocket(server().url, client)).rejects.toEqual(new RefusedUpgrade(403));
      // A fresh sign-in answers as the spec says, and the session it opens is held to enrolling too.
      const fresh = new ApiClient(server().url);
      expect((await fresh.post('/api/login', { username, password: DEFAULT_PASSWORD })).status).toBe(200);
      expect((await fresh.get('/api/leads')).status).toBe(403);

      // Enrolling opens everything at once, with the same session.
      expect((await trpc.auth.twoFactor.status.query()).required).toBe(true);
      const setup = await trpc.auth.twoFactor.setup.mutate();
      const { recoveryCodes } = await trpc.auth.twoFactor.confirm.mutate({ code: await codeFor(setup.secret) });
      expect(recoveryCodes).toHaveLength(10);
      expect((await client.get('/api/leads')).status).toBe(200);
      expect((await trpc.auth.me.query())?.mustEnrolTwoFactor).toBe(false);
      await (await openLiveSocket(server().url, client)).close();
      // Required: it cannot be turned off.
      await letTimePass(user.id);
      const off = await client.post('/api/auth/2fa/disable', { password: DEFAULT_PASSWORD, code: await codeFor(setup.secret) });
      expect(off.status).toBe(403);
      expect(off.body.message).toBe(TWO_FACTOR_MESSAGES.requiredByRole);
    });

    it('follows custom roles too', async () => {
      const admin = await loginAs(server(), 'admin', ADMIN_PASSWORD);
      const role = await admin.post('/api/custom-roles', { name: uniqueName('seguro').toLowerCase(), displayName: 'Seguridad' });
      expect(role.status).toBe(201);
      const managerName = uniqueName('jefe');
      const manager = await createUser(server(), { username: managerName, systemRole: 'manager' });
      const client = await loginAs(server(), managerName);
      expect((await admin.put(`/api/roles/${role.body.id}/two-factor`, { required: true })).body.customRoleIds).toEqual([role.body.id]);
      expect((await client.get('/api/leads')).status).toBe(200);
      await admin.post(`/api/users/${manager.id}/roles/${role.body.id}`);
      expect((await client.get('/api/leads')).status).toBe(403);
      await admin.delete(`/api/users/${manager.id}/roles/${role.body.id}`);
      expect((await client.get('/api/leads')).status).toBe(200);
    });
  });

  describe('password reset links', () => {
    it('are created by admins only, for a user who exists', async () => {
      const username = uniqueName('olvido');
      const user = await createUser(server(), { username });
      const managerName = uniqueName('jefe');
      await createUser(server(), { username: managerName, systemRole: 'manager' });
      const manager = await loginAs(server(), managerName);
      expect((await manager.post(`/api/users/${user.id}/password-reset-link`)).status).toBe(403);
      expect((await trpcFailure(trpcClientFor(manager).auth.passwordReset.createLink.mutate({ id: user.id }))).data?.code).toBe(
        'FORBIDDEN',
      );
      const self = await loginAs(server(), username);
      expect((await self.post(`/api/users/${user.id}/password-reset-link`)).status).toBe(403);
      const admin = await loginAs(server(), 'admin', ADMIN_PASSWORD);
      expect((await admin.post('/api/users/999999/password-reset-link')).status).toBe(404);
      expect(await db().selectFrom('password_reset_links').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    });

    it('set a new password once, end every session of the person, and refuse a used, expired or made-up link', async () => {
      const username = uniqueName('olvido');
      const user = await createUser(server(), { username });
      const signedIn = await loginAs(server(), username);
      const admin = await loginAs(server(), 'admin', ADMIN_PASSWORD);
      const created = await admin.post(`/api/users/${user.id}/password-reset-link`);
      expect(created.status).toBe(201);
      const url = new URL(created.body.url);
      expect(url.origin).toBe(server().url.replace(/\/$/, ''));
      expect(url.pathname).toMatch(/^\/restablecer\/[A-Za-z0-9_-]{32}$/);
      const hours = (new Date(created.body.expiresAt).getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);
      const token = url.pathname.split('/').pop();
      const stored = await db().selectFrom('password_reset_links').select('id').where('user_id', '=', user.id).execute();
      expect(stored.map((row) => row.id)).not.toContain(token);

      const visitor = new ApiClient(server().url);
      expect((await visitor.post('/api/password-reset/check', { token: 'inventado' })).body.message).toBe(
        TWO_FACTOR_MESSAGES.resetLinkInvalid,
      );
      expect((await visitor.post('/api/password-reset/check', { token })).body).toMatchObject({ username });
      const short = await visitor.post('/api/password-reset', { token, password: '12345' });
      expect(short.status).toBe(400);
      expect(short.body.message).toBe('La contraseña debe tener al menos 6 caracteres');
      const done = await visitor.post('/api/password-reset', { token, password: 'nueva-clave' });
      expect(done.status).toBe(200);
      expect(visitor.cookies.size).toBe(0);
      expect((await signedIn.get('/api/auth/user')).status).toBe(401);
      expect((await new ApiClient(server().url).post('/api/login', { username, password: DEFAULT_PASSWORD })).status).toBe(401);
      expect((await new ApiClient(server().url).post('/api/login', { username, password: 'nueva-clave' })).status).toBe(200);

      const reused = await visitor.post('/api/password-reset', { token, password: 'otra-clave' });
      expect(reused.status).toBe(400);
      expect(reused.body.message).toBe(TWO_FACTOR_MESSAGES.resetLinkInvalid);
      expect((await new ApiClient(server().url).post('/api/login', { username, password: 'nueva-clave' })).status).toBe(200);

      const later = await admin.post(`/api/users/${user.id}/password-reset-link`);
      await db()
        .updateTable('password_reset_links')
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .where('user_id', '=', user.id)
        .execute();
      const expiredToken = new URL(later.body.url).pathname.split('/').pop();
      const expired = await trpcFailure(
        trpcClientFor(visitor).auth.passwordReset.complete.mutate({ token: expiredToken ?? '', password: 'otra-clave' }),
      );
      expect(expired.data?.code).toBe('BAD_REQUEST');
      expect(expired.message).toBe(TWO_FACTOR_MESSAGES.resetLinkInvalid);
      expect((await new ApiClient(server().url).post('/api/login', { username, password: 'nueva-clave' })).status).toBe(200);
    });
  });
});
