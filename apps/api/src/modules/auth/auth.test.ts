/** Sign-in over real HTTP on both databases: credentials, throttling, cookies, sessions, tRPC. */
import { LOGIN_MESSAGES } from '@crm/domain';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ApiClient, createUser, describeWithServer, DEFAULT_PASSWORD, loginAs, uniqueName } from '../../test/harness.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';
import { ageLoginAttempts } from '../../test/login-attempts.js';
import { ADDRESS_ATTEMPTS_BEFORE_DELAY, MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS, accountKey } from './login-throttle.js';
import { hashToken, SESSION_ABSOLUTE_MS, SESSION_COOKIE, SESSION_IDLE_MS } from '../../sessions/session.js';

const LOGIN_REQUIRED = 'Por favor ingresa usuario y contraseña';

describeWithServer('sign-in', (server) => {
  const db = () => server().ctx.db;

  // Every test starts with a clean throttle: the per-IP counter is shared by all of them.
  afterEach(async () => {
    await db().deleteFrom('login_attempts').execute();
  });

  function sessionCookieLine(headers: Headers): string | undefined {
    return headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  }

  async function failLogin(client: ApiClient, username: string, expectedStatus = 401) {
    const response = await client.post('/api/login', { username, password: 'incorrecta' });
    expect(response.status).toBe(expectedStatus);
    return response;
  }

  describe('POST /api/login', () => {
    it('signs in by username and answers the user without any hash', async () => {
      const username = uniqueName('vendedor');
      await createUser(server(), { username });
      const client = new ApiClient(server().url);
      const response = await client.post('/api/login', { username, password: DEFAULT_PASSWORD });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ username, systemRole: 'team_member', role: 'team_member' });
      expect(JSON.stringify(response.body)).not.toMatch(/hash|argon/i);
      expect((await client.get('/api/auth/user')).body).toMatchObject({ username });
    });

    it('signs in by username or email, case-insensitively', async () => {
      const username = uniqueName('Mixto');
      await createUser(server(), { username, email: `${username}@Example.com` });
      for (const login of [username.toUpperCase(), username.toLowerCase(), `${username.toUpperCase()}@EXAMPLE.COM`, `  ${username}  `]) {
        const response = await new ApiClient(server().url).post('/api/login', { username: login, password: DEFAULT_PASSWORD });
        expect(response.status, login).toBe(200);
        expect(response.body.username).toBe(username);
      }
    });

    it('refuses a wrong password and an unknown user with the same Spanish 401 and no cookie', async () => {
      const username = uniqueName('vendedor');
      await createUser(server(), { username });
      for (const body of [
        { username, password: 'incorrecta' },
        { username: uniqueName('nadie'), password: DEFAULT_PASSWORD },
      ]) {
        const response = await new ApiClient(server().url).post('/api/login', body);
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ message: LOGIN_MESSAGES.wrongCredentials });
        expect(sessionCookieLine(response.headers)).toBeUndefined();
      }
    });

    it('answers 400 with the spec message for empty or missing fields', async () => {
      const client = new ApiClient(server().url);
      for (const body of [
        { username: '', password: '' },
        { username: 'admin', password: '' },
        { username: '   ', password: ADMIN_PASSWORD },
        { password: ADMIN_PASSWORD },
        {},
      ]) {
        const response = await client.post('/api/login', body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.message).toBe(LOGIN_REQUIRED);
      }
      expect(client.cookies.size).toBe(0);
    });

    it('sets an HttpOnly, SameSite=Lax, Path=/ cookie that is not Secure over http', async () => {
      const response = await new ApiClient(server().url).post('/api/login', { username: 'admin', password: ADMIN_PASSWORD });
      const line = sessionCookieLine(response.headers);
      expect(line).toBeDefined();
      const attributes = (line ?? '').split(';').map((part) => part.trim().toLowerCase());
      expect(attributes).toContain('httponly');
      expect(attributes).toContain('samesite=lax');
      expect(attributes).toContain('path=/');
      expect(attributes).not.toContain('secure');
      // 128 random bits, base64url: 22 characters, never the database id (which is its hash).
      const token = (line ?? '').split(';')[0]?.split('=')[1] ?? '';
      expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(await db().selectFrom('sessions').select('id').where('id', '=', token).executeTakeFirst()).toBeUndefined();
      expect(await db().selectFrom('sessions').select('id').where('id', '=', hashToken(token)).executeTakeFirst()).toBeDefined();
    });
  });

  describe('throttling', () => {
    it('after 5 failures the account answers 429 in Spanish, even to the right password', async () => {
      const username = uniqueName('objetivo');
      await createUser(server(), { username });
      const client = new ApiClient(server().url);
      for (let attempt = 0; attempt < MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS; attempt += 1) await failLogin(client, username);

      const refused = await client.post('/api/login', { username, password: DEFAULT_PASSWORD });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: LOGIN_MESSAGES.throttled });
      expect(client.cookies.size).toBe(0);
      // Counted by account whatever the case or spacing the attacker types.
      expect((await client.post('/api/login', { username: ` ${username.toUpperCase()} `, password: DEFAULT_PASSWORD })).status).toBe(429);
      // Another account from the same address is not affected.
      expect((await client.post('/api/login', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(200);
    });

    it('a success before the limit clears the account failures', async () => {
      const username = uniqueName('olvidadizo');
      await createUser(server(), { username });
      const client = new ApiClient(server().url);
      for (let attempt = 0; attempt < MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS - 1; attempt += 1) await failLogin(client, username);
      expect((await client.post('/api/login', { username, password: DEFAULT_PASSWORD })).status).toBe(200);
      for (let attempt = 0; attempt < MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS - 1; attempt += 1) await failLogin(client, username);
      expect((await client.post('/api/login', { username, password: DEFAULT_PASSWORD })).status).toBe(200);
    });

    it('the account window lifts: failures older than the window no longer count', async () => {
      const username = uniqueName('paciente');
      const user = await createUser(server(), { username });
      const client = new ApiClient(server().url);
      for (let attempt = 0; attempt < MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS; attempt += 1) await failLogin(client, username);
      expect((await client.post('/api/login', { username, password: DEFAULT_PASSWORD })).status).toBe(429);

      await ageLoginAttempts(db(), { accountKey: accountKey(user.id) });
      expect((await client.post('/api/login', { username, password: DEFAULT_PASSWORD })).status).toBe(200);
    });

    it('slows an address that fails across many accounts but never refuses it (one office behind a NAT)', async () => {
      const client = new ApiClient(server().url);
      await failLogin(client, uniqueName('sonda'));
      const first = await db().selectFrom('login_attempts').select('ip').executeTakeFirstOrThrow();
      // The other failures of this address, a few on each of many accounts: past the point where it is slowed.
      const others = Array.from({ length: Math.ceil(ADDRESS_ATTEMPTS_BEFORE_DELAY / 3) }, (_, index) => ({
        account_key: accountKey(undefined, `sonda-${index}`),
        ip: first.ip,
        attempted_at: sql<Date[]>`array[now(), now(), now()]`,
      }));
      await db().insertInto('login_attempts').values(others).execute();
      const colleague = uniqueName('colega');
      await createUser(server(), { username: colleague });
      expect((await new ApiClient(server().url).post('/api/login', { username: colleague, password: DEFAULT_PASSWORD })).status).toBe(200);
    });
  });

  describe('sessions', () => {
    it('issues a new token at every sign-in and ends the session the request came with', async () => {
      const username = uniqueName('rotado');
      await createUser(server(), { username });
      const client = await loginAs(server(), username);
      const firstToken = client.cookies.get(SESSION_COOKIE);
      const stale = new ApiClient(server().url);
      stale.cookies.set(SESSION_COOKIE, firstToken ?? '');

      await client.post('/api/login', { username, password: DEFAULT_PASSWORD });
      const secondToken = client.cookies.get(SESSION_COOKIE);
      expect(secondToken).toBeDefined();
      expect(secondToken).not.toBe(firstToken);
      expect((await client.get('/api/auth/user')).status).toBe(200);
      expect((await stale.get('/api/auth/user')).status).toBe(401);
    });

    it('never promotes a token planted before sign-in', async () => {
      const username = uniqueName('victima');
      await createUser(server(), { username });
      const planted = 'AAAAAAAAAAAAAAAAAAAAAA';
      const client = new ApiClient(server().url);
      client.cookies.set(SESSION_COOKIE, planted);
      expect((await client.post('/api/login', { username, password: DEFAULT_PASSWORD })).status).toBe(200);
      expect(client.cookies.get(SESSION_COOKIE)).not.toBe(planted);

      const attacker = new ApiClient(server().url);
      attacker.cookies.set(SESSION_COOKIE, planted);
      expect((await attacker.get('/api/auth/user')).status).toBe(401);
    });

    it('logout ends the session server-side: the old cookie then gets 401', async () => {
      const username = uniqueName('saliente');
      await createUser(server(), { username });
      const client = await loginAs(server(), username);
      const token = client.cookies.get(SESSION_COOKIE) ?? '';

      const response = await client.post('/api/logout');
      expect(response.status).toBe(200);
      expect(sessionCookieLine(response.headers)).toMatch(/expires=thu, 01 jan 1970/i);
      expect(await db().selectFrom('sessions').select('id').where('id', '=', hashToken(token)).executeTakeFirst()).toBeUndefined();

      const replay = new ApiClient(server().url);
      replay.cookies.set(SESSION_COOKIE, token);
      const refused = await replay.get('/api/auth/user');
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ message: 'Unauthorized' });
    });

    it('logout without a session still answers 200 and clears the cookie', async () => {
      const response = await new ApiClient(server().url).post('/api/logout');
      expect(response.status).toBe(200);
    });

    it('answers 401 { message: "Unauthorized" } without a session or with a garbage one', async () => {
      const anonymous = new ApiClient(server().url);
      for (const token of [undefined, 'x', 'z'.repeat(5000), '%00%ff']) {
        if (token === undefined) anonymous.cookies.delete(SESSION_COOKIE);
        else anonymous.cookies.set(SESSION_COOKIE, token);
        const response = await anonymous.get('/api/auth/user');
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ message: 'Unauthorized' });
      }
      const put = await new ApiClient(server().url).put('/api/users/1', { firstName: 'Nadie' });
      expect(put.status).toBe(401);
      expect(put.body).toEqual({ message: 'Unauthorized' });
    });

    it('an idle session expires', async () => {
      const username = uniqueName('dormido');
      await createUser(server(), { username });
      const client = await loginAs(server(), username);
      const id = hashToken(client.cookies.get(SESSION_COOKIE) ?? '');
      const idleSeconds = Math.ceil(SESSION_IDLE_MS / 1000) + 60;
      await sql`update sessions set last_seen_at = now() - make_interval(secs => ${idleSeconds}) where id = ${id}`.execute(db());
      expect((await client.get('/api/auth/user')).status).toBe(401);
      expect(await db().selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    });

    it('an active session is kept alive, but not past its absolute expiry', async () => {
      const username = uniqueName('veterano');
      await createUser(server(), { username });
      const client = await loginAs(server(), username);
      const id = hashToken(client.cookies.get(SESSION_COOKIE) ?? '');
      // Used a minute ago: well inside the idle limit, so the session stays and is touched.
      await sql`update sessions set last_seen_at = now() - interval '2 minutes' where id = ${id}`.execute(db());
      expect((await client.get('/api/auth/user')).status).toBe(200);
      const touched = await db().selectFrom('sessions').select('last_seen_at').where('id', '=', id).executeTakeFirstOrThrow();
      expect(Date.now() - touched.last_seen_at.getTime()).toBeLessThan(SESSION_IDLE_MS);

      const lifetimeSeconds = Math.ceil(SESSION_ABSOLUTE_MS / 1000);
      await sql`update sessions set expires_at = now() - interval '1 second', created_at = now() - make_interval(secs => ${lifetimeSeconds}) where id = ${id}`.execute(
        db(),
      );
      expect((await client.get('/api/auth/user')).status).toBe(401);
    });

    it('a deleted session row signs the user out on the next request', async () => {
      const username = uniqueName('expulsado');
      await createUser(server(), { username });
      const client = await loginAs(server(), username);
      await db()
        .deleteFrom('sessions')
        .where('id', '=', hashToken(client.cookies.get(SESSION_COOKIE) ?? ''))
        .execute();
      expect((await client.get('/api/auth/user')).status).toBe(401);
    });
  });

  describe('fixed paths', () => {
    it('GET /api/login redirects (302) to /', async () => {
      const response = await new ApiClient(server().url).get('/api/login');
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/');
    });

    it('GET /api/health answers 200 { status: "ok" }', async () => {
      const response = await new ApiClient(server().url).get('/api/health');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'ok' });
    });

    it('an unknown /api path is a JSON 404, not the web app', async () => {
      const response = await new ApiClient(server().url).get('/api/no-existe');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Recurso no encontrado' });
    });
  });

  describe('tRPC over HTTP with superjson', () => {
    it('auth.me is null anonymously, auth.login signs in with a cookie, auth.logout ends it', async () => {
      const username = uniqueName('trpc');
      await createUser(server(), { username });
      const client = new ApiClient(server().url);
      const trpc = trpcClientFor(client);

      expect(await trpc.auth.me.query()).toBeNull();
      const user = await trpc.auth.login.mutate({ username: username.toUpperCase(), password: DEFAULT_PASSWORD });
      expect(user.username).toBe(username);
      expect(user.createdAt).toBeInstanceOf(Date);
      expect(client.cookies.get(SESSION_COOKIE)).toBeDefined();

      const me = await trpc.auth.me.query();
      expect(me?.username).toBe(username);
      // The same cookie works for REST: one session for both transports.
      expect((await client.get('/api/auth/user')).body.username).toBe(username);

      const token = client.cookies.get(SESSION_COOKIE) ?? '';
      await trpc.auth.logout.mutate();
      expect(await trpc.auth.me.query()).toBeNull();
      const replay = new ApiClient(server().url);
      replay.cookies.set(SESSION_COOKIE, token);
      expect((await replay.get('/api/auth/user')).status).toBe(401);
    });

    it('auth.login refuses wrong and empty credentials with the Spanish messages', async () => {
      const trpc = trpcClientFor(new ApiClient(server().url));
      const wrong = await trpcFailure(trpc.auth.login.mutate({ username: 'admin', password: 'incorrecta' }));
      expect(wrong.message).toBe(LOGIN_MESSAGES.wrongCredentials);
      expect(wrong.data?.code).toBe('UNAUTHORIZED');

      const empty = await trpcFailure(trpc.auth.login.mutate({ username: '', password: '' }));
      expect(empty.message).toBe(LOGIN_REQUIRED);
      expect(empty.data?.code).toBe('BAD_REQUEST');
      expect(empty.data?.httpStatus).toBe(400);
    });

    it('auth.login is throttled like REST', async () => {
      const username = uniqueName('trpcbloq');
      await createUser(server(), { username });
      const client = new ApiClient(server().url);
      for (let attempt = 0; attempt < MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS; attempt += 1) await failLogin(client, username);
      const refused = await trpcFailure(trpcClientFor(client).auth.login.mutate({ username, password: DEFAULT_PASSWORD }));
      expect(refused.message).toBe(LOGIN_MESSAGES.throttled);
      expect(refused.data?.httpStatus).toBe(429);
    });
  });
});
