/** HTTP hardening over a real server on both databases: bad bodies are 4xx, security headers (CSRF: cross-origin.test.ts). */
import { describe, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../test/harness.js';
import { SERVER_TIMEOUTS } from '../app.js';
import { JSON_BODY_LIMIT } from './json-body.js';

/** zod's and our English-free contract: a 4xx message must not be one of zod's English defaults. */
const ENGLISH = /invalid input|expected|too big|too small|required/i;

describeWithServer('http security', (server) => {
  async function signedIn() {
    const username = uniqueName('seguro');
    const user = await createUser(server(), { username });
    return { user, client: await loginAs(server(), username) };
  }

  function expectClientError(response: { status: number; body: unknown }, status?: number) {
    if (status) expect(response.status).toBe(status);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const message = (response.body as { message?: unknown }).message;
    expect(typeof message).toBe('string');
    expect(message).not.toMatch(ENGLISH);
  }

  describe('bad bodies are 4xx, never 5xx', () => {
    it('invalid JSON is a Spanish 400', async () => {
      const client = new ApiClient(server().url);
      for (const text of ['{', '{"username": "admin",}', 'undefined', "{'a': 1}", '\u0000']) {
        const response = await client.post('/api/login', text);
        expectClientError(response, 400);
      }
      expect((await client.post('/api/login', '{')).body).toEqual({ message: 'JSON inválido' });
    });

    it('JSON over 1 MB is refused with 413, signed in or not', async () => {
      const { user, client } = await signedIn();
      const oversized = JSON.stringify({ username: 'a', password: 'b'.repeat(JSON_BODY_LIMIT) });
      expectClientError(await new ApiClient(server().url).post('/api/login', oversized), 413);
      expectClientError(await client.put(`/api/users/${user.id}`, { bio: 'x'.repeat(JSON_BODY_LIMIT + 10) }), 413);
      // Just under the limit is parsed, then refused by the field's own limit.
      expectClientError(await client.put(`/api/users/${user.id}`, { bio: 'x'.repeat(JSON_BODY_LIMIT - 100) }), 400);
    });

    it('wrong types, arrays, null and scalars instead of objects are Spanish 400s', async () => {
      const { user, client } = await signedIn();
      const loginBodies: unknown[] = [
        { username: 123, password: true },
        { username: ['admin'], password: { $ne: '' } },
        { username: null, password: null },
        [],
        [{ username: 'admin', password: 'x' }],
        'null',
        '"admin"',
        '42',
      ];
      for (const body of loginBodies) {
        const response = await new ApiClient(server().url).post('/api/login', typeof body === 'string' ? body : JSON.stringify(body));
        expectClientError(response, 400);
      }
      const profileBodies: unknown[] = [{ firstName: 42 }, { email: ['a@b.es'] }, { bio: { text: 'x' } }, [], '7', { phone: true }];
      for (const body of profileBodies) {
        const response = await client.put(`/api/users/${user.id}`, typeof body === 'string' ? body : JSON.stringify(body));
        expectClientError(response, 400);
      }
      expectClientError(await client.post('/api/auth/password', { currentPassword: 1, newPassword: 2 }), 400);
    });

    it('huge strings inside the size limit are refused by the field limits in Spanish', async () => {
      const { user, client } = await signedIn();
      const huge = 'á'.repeat(200_000);
      expectClientError(await new ApiClient(server().url).post('/api/login', { username: huge, password: huge }), 400);
      for (const field of ['firstName', 'lastName', 'email', 'phone', 'bio', 'teamName']) {
        expectClientError(await client.put(`/api/users/${user.id}`, { [field]: huge }), 400);
      }
      expectClientError(await client.post('/api/auth/password', { currentPassword: huge, newPassword: huge }), 400);
      expect((await client.get('/api/auth/user')).body.firstName).toBe(user.firstName);
    });

    it('deeply nested JSON is a 400, not a crash', async () => {
      const depth = 200_000;
      const response = await new ApiClient(server().url).post('/api/login', '['.repeat(depth) + ']'.repeat(depth));
      expectClientError(response, 400);
      expect((await new ApiClient(server().url).get('/api/health')).status).toBe(200);
    });

    it('an empty JSON body reads as no body: a Spanish 400 on login, fine on logout', async () => {
      const empty = await new ApiClient(server().url).request('POST', '/api/login', '', { 'content-type': 'application/json' });
      expectClientError(empty, 400);
      const logout = await new ApiClient(server().url).request('POST', '/api/logout', '', { 'content-type': 'application/json' });
      expect(logout.status).toBe(200);
    });

    it('an unsupported content type is a 4xx', async () => {
      const response = await new ApiClient(server().url).request('POST', '/api/login', '<xml/>', {
        'content-type': 'application/xml',
      });
      expectClientError(response);
    });
  });

  describe('security headers', () => {
    it('answers with a CSP the app runs under and the usual hardening headers', async () => {
      for (const path of ['/api/health', '/api/auth/user', '/']) {
        const { headers } = await new ApiClient(server().url).get(path);
        const csp = headers.get('content-security-policy') ?? '';
        expect(csp, path).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(headers.get('x-content-type-options')).toBe('nosniff');
        expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
        expect(headers.get('referrer-policy')).toBe('no-referrer');
        expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
        expect(headers.get('x-powered-by')).toBeNull();
      }
    });
  });

  describe('timeouts', () => {
    it('bounds a whole request, an idle connection and keep-alive, long enough for a 10 MB upload on a slow link', () => {
      const http = server().app.server;
      expect(http.requestTimeout).toBe(SERVER_TIMEOUTS.requestTimeout);
      expect(http.timeout).toBe(SERVER_TIMEOUTS.connectionTimeout);
      expect(http.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveTimeout);
      // 10 MB at 140 kbit/s.
      expect(http.requestTimeout).toBeGreaterThanOrEqual(((10 * 1024 * 1024 * 8) / 140_000) * 1000);
    });
  });
});
