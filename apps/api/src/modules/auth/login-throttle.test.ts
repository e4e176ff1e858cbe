/**
 * The sign-in limits under concurrency, batching and every transport, on both databases. The
 * server trusts X-Forwarded-For (TRUST_PROXY), so a test can speak from several addresses.
 */
import { LOGIN_MESSAGES } from '@crm/domain';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ApiClient, createUser, DEFAULT_PASSWORD, describeWithServer, type TestServer, uniqueName } from '../../test/harness.js';
import { createLiveTrpc } from '../../test/live-client.js';
import { trpcFailure } from '../../test/trpc-client.js';
import { BATCH_TOO_LARGE_MESSAGE, HTTP_ONLY_MESSAGE, UNREADABLE_INPUT_MESSAGE } from '../../trpc/init.js';
import {
  ACCOUNT_ATTEMPTS_BEFORE_DELAY,
  ADDRESS_ATTEMPTS_BEFORE_DELAY,
  MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS,
  MAX_DELAY_MS,
  accountKey,
  loginDelayMs,
} from './login-throttle.js';

const WRONG = 'incorrecta';
const ATTACKER = '203.0.113.7';
const OWNER = '198.51.100.9';
const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('loginDelayMs', () => {
  it('does not slow the first attempts, then doubles per account attempt up to the cap', () => {
    expect(loginDelayMs({ byAccount: ACCOUNT_ATTEMPTS_BEFORE_DELAY - 1, byAddress: 0 })).toBe(0);
    expect(loginDelayMs({ byAccount: ACCOUNT_ATTEMPTS_BEFORE_DELAY, byAddress: 0 })).toBe(1000);
    expect(loginDelayMs({ byAccount: ACCOUNT_ATTEMPTS_BEFORE_DELAY + 1, byAddress: 0 })).toBe(2000);
    expect(loginDelayMs({ byAccount: 1000, byAddress: 0 })).toBe(MAX_DELAY_MS);
  });

  it('slows an address more gently and never past the cap', () => {
    expect(loginDelayMs({ byAccount: 0, byAddress: ADDRESS_ATTEMPTS_BEFORE_DELAY - 1 })).toBe(0);
    expect(loginDelayMs({ byAccount: 0, byAddress: ADDRESS_ATTEMPTS_BEFORE_DELAY })).toBe(1000);
    expect(loginDelayMs({ byAccount: 0, byAddress: ADDRESS_ATTEMPTS_BEFORE_DELAY + 9 })).toBe(1000);
    expect(loginDelayMs({ byAccount: 0, byAddress: ADDRESS_ATTEMPTS_BEFORE_DELAY + 10 })).toBe(2000);
    expect(loginDelayMs({ byAccount: 0, byAddress: 100_000 })).toBe(MAX_DELAY_MS);
  });
});

/** Status of a WebSocket upgrade to `path` exactly as written: 101 when it opens. */
function upgradeStatus(server: TestServer, path: string, headers: Record<string, string> = {}): Promise<number> {
  const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}${path}`, { headers });
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('error', reject);
  });
}

describeWithServer(
  'sign-in limits',
  (server) => {
    const db = () => server().ctx.db;

    afterEach(async () => {
      await db().deleteFrom('login_attempts').execute();
    });

    const login = (username: string, password: string, ip: string) =>
      new ApiClient(server().url).request('POST', '/api/login', { username, password }, from(ip));

    async function attemptsOf(key: string, ip: string): Promise<number> {
      const row = await db()
        .selectFrom('login_attempts')
        .select(sql<number>`cardinality(attempted_at)`.as('count'))
        .where('account_key', '=', key)
        .where('ip', '=', ip)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    }

    /** Sends `count` auth.login calls as one tRPC HTTP batch and answers the status and each call's code. */
    async function loginBatch(count: number, username: string, password: string, ip: string) {
      const paths = Array.from({ length: count }, () => 'auth.login').join(',');
      const inputs = Object.fromEntries(Array.from({ length: count }, (_, index) => [index, { json: { username, password } }]));
      const response = await new ApiClient(server().url).request('POST', `/trpc/${paths}?batch=1`, inputs, from(ip));
      return response;
    }

    it('200 parallel wrong passwords from one address check exactly 5; the owner elsewhere still gets in', async () => {
      const user = await createUser(server(), { username: uniqueName('asediado') });
      const responses = await Promise.all(Array.from({ length: 200 }, () => login(user.username, WRONG, ATTACKER)));
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS);
      expect(statuses.filter((status) => status === 429)).toHaveLength(200 - MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS);
      expect(responses.find((response) => response.status === 429)?.body).toEqual({ message: LOGIN_MESSAGES.throttled });
      expect(await attemptsOf(accountKey(user.id), ATTACKER)).toBe(MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS);

      // From the attacking address even the right password is refused...
      const refused = await login(user.username, DEFAULT_PASSWORD, ATTACKER);
      expect(refused.status).toBe(429);
      expect(refused.headers.getSetCookie()).toEqual([]);
      // ...while the owner, elsewhere, is only slowed down.
      const owner = await login(user.username, DEFAULT_PASSWORD, OWNER);
      expect(owner.status).toBe(200);
      expect(owner.body.username).toBe(user.username);
    });

    it('counts an account once whether typed as username or email', async () => {
      const username = uniqueName('doble');
      const user = await createUser(server(), { username, email: `${username}@Empresa.es` });
      for (const typed of [
        username,
        username.toUpperCase(),
        ` ${username} `,
        `${username}@empresa.es`,
        `${username.toUpperCase()}@EMPRESA.ES`,
      ]) {
        expect((await login(typed, WRONG, ATTACKER)).status, typed).toBe(401);
      }
      expect((await login(`${username}@empresa.es`, DEFAULT_PASSWORD, ATTACKER)).status).toBe(429);
      expect((await login(username, DEFAULT_PASSWORD, ATTACKER)).status).toBe(429);
      expect(await attemptsOf(accountKey(user.id), ATTACKER)).toBe(MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS);
    });

    it('a login that names nobody is limited too, by its text', async () => {
      const nobody = uniqueName('nadie');
      for (let attempt = 0; attempt < MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS; attempt += 1) {
        expect((await login(nobody, WRONG, ATTACKER)).status).toBe(401);
      }
      expect((await login(nobody.toUpperCase(), WRONG, ATTACKER)).status).toBe(429);
    });

    it('refuses a tRPC batch of 400 logins with a Spanish 400, checking none', async () => {
      const user = await createUser(server(), { username: uniqueName('lote') });
      const response = await loginBatch(400, user.username, WRONG, ATTACKER);
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain(BATCH_TOO_LARGE_MESSAGE);
      expect(await attemptsOf(accountKey(user.id), ATTACKER)).toBe(0);
    });

    it('a batch of 10 logins (the cap) checks only 5 of them', async () => {
      const user = await createUser(server(), { username: uniqueName('lote') });
      const response = await loginBatch(10, user.username, WRONG, ATTACKER);
      const codes = (response.body as { error: { json: { data: { code: string } } } }[]).map((result) => result.error.json.data.code);
      expect(codes.filter((code) => code === 'UNAUTHORIZED')).toHaveLength(MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS);
      expect(codes.filter((code) => code === 'TOO_MANY_REQUESTS')).toHaveLength(10 - MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS);
    });

    it('the current-password check of a password change counts under the same limits', async () => {
      const user = await createUser(server(), { username: uniqueName('cambio') });
      const client = new ApiClient(server().url);
      expect(
        (await client.request('POST', '/api/login', { username: user.username, password: DEFAULT_PASSWORD }, from(ATTACKER))).status,
      ).toBe(200);
      const change = (currentPassword: string) =>
        client.request('POST', '/api/auth/password', { currentPassword, newPassword: 'otra-clave-1' }, from(ATTACKER));
      const guesses = await Promise.all(Array.from({ length: 20 }, () => change(WRONG)));
      expect(guesses.filter((response) => response.status === 400)).toHaveLength(MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS);
      expect(guesses.filter((response) => response.status === 429)).toHaveLength(20 - MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS);
      expect((await change(DEFAULT_PASSWORD)).status).toBe(429);
      expect((await login(user.username, DEFAULT_PASSWORD, ATTACKER)).status).toBe(429);
      expect((await login(user.username, DEFAULT_PASSWORD, OWNER)).status).toBe(200);
    });

    describe('over the tRPC WebSocket', () => {
      it('refuses login and logout (HTTP only): no session row, nothing counted, the session stays', async () => {
        const user = await createUser(server(), { username: uniqueName('socket') });
        const client = new ApiClient(server().url);
        await client.request('POST', '/api/login', { username: user.username, password: DEFAULT_PASSWORD }, from(OWNER));
        const sessionsBefore = await db().selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
        const live = createLiveTrpc(server().url, client, 50, from(ATTACKER));
        try {
          for (const password of [DEFAULT_PASSWORD, WRONG]) {
            const refused = await trpcFailure(live.trpc.auth.login.mutate({ username: user.username, password }));
            expect(refused.message).toBe(HTTP_ONLY_MESSAGE);
            expect(refused.data?.code).toBe('BAD_REQUEST');
          }
          expect((await trpcFailure(live.trpc.auth.logout.mutate())).message).toBe(HTTP_ONLY_MESSAGE);
        } finally {
          await live.wsClient.close();
        }
        expect(await db().selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual(sessionsBefore);
        expect(await attemptsOf(accountKey(user.id), ATTACKER)).toBe(0);
        expect((await client.get('/api/auth/user')).status).toBe(200);
      });

      it('carries the client address (TRUST_PROXY): a wrong current password is counted for it', async () => {
        const user = await createUser(server(), { username: uniqueName('socketip') });
        const client = new ApiClient(server().url);
        await client.request('POST', '/api/login', { username: user.username, password: DEFAULT_PASSWORD }, from(OWNER));
        const live = createLiveTrpc(server().url, client, 50, { ...from(ATTACKER), 'user-agent': 'prueba-socket' });
        try {
          for (let attempt = 0; attempt < MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS; attempt += 1) {
            const wrong = await trpcFailure(live.trpc.users.changePassword.mutate({ currentPassword: WRONG, newPassword: 'otra-clave-1' }));
            expect(wrong.data?.code).toBe('BAD_REQUEST');
          }
          const throttled = await trpcFailure(
            live.trpc.users.changePassword.mutate({ currentPassword: DEFAULT_PASSWORD, newPassword: 'otra-clave-1' }),
          );
          expect(throttled.data?.code).toBe('TOO_MANY_REQUESTS');
          expect(throttled.message).toBe(LOGIN_MESSAGES.throttled);
        } finally {
          await live.wsClient.close();
        }
        expect(await attemptsOf(accountKey(user.id), ATTACKER)).toBe(MAX_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS);
      });
    });

    describe('WebSocket upgrades decide on the decoded path', () => {
      it('refuses an anonymous upgrade however the live paths are spelt (401)', async () => {
        for (const path of ['/trpc', '/%74rpc', '//trpc', '/tr%70c', '/ws', '/%77s', '//ws', '/api/health']) {
          expect(await upgradeStatus(server(), path), path).toBe(401);
        }
      });

      it('opens an encoded spelling with a session, and still refuses a foreign Origin (403)', async () => {
        const user = await createUser(server(), { username: uniqueName('ruta') });
        const client = new ApiClient(server().url);
        await client.request('POST', '/api/login', { username: user.username, password: DEFAULT_PASSWORD }, from(OWNER));
        const cookie = [...client.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
        expect(await upgradeStatus(server(), '/%74rpc', { cookie })).toBe(101);
        expect(await upgradeStatus(server(), '/%77s', { cookie })).toBe(101);
        expect(await upgradeStatus(server(), '/%74rpc', { cookie, origin: 'https://evil.example' })).toBe(403);
      });
    });

    it('deeply nested superjson meta is a Spanish 400, never a stack overflow', async () => {
      const depth = 20_000;
      const meta = `${'{"a":'.repeat(depth)}"Date"${'}'.repeat(depth)}`;
      const body = `{"0":{"json":{"username":"admin","password":"x"},"meta":{"values":${meta}}}}`;
      const response = await new ApiClient(server().url).request('POST', '/trpc/auth.login?batch=1', body, {
        'content-type': 'application/json',
      });
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain(UNREADABLE_INPUT_MESSAGE);
      expect(JSON.stringify(response.body)).not.toMatch(/call stack/i);
    });
  },
  { TRUST_PROXY: 'true' },
);
