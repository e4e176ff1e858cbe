/**
 * CSRF by Fetch Metadata (Go's CrossOriginProtection) and the one decoded path, over a real
 * server on both databases: each rule, every documented state change from a plain client,
 * and encoded spellings of paths.
 */
import { request as httpRequest } from 'node:http';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../test/harness.js';
import { CROSS_ORIGIN_MESSAGE } from './security.js';
import { fileBlob } from '../test/file-blob.js';

const TRUSTED_ORIGIN = 'https://crm.example.com';
const FOREIGN_ORIGIN = 'https://evil.example';

function csvForm(groupName: string, tag: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([`name,categoryName,email\nClínica ${tag},clinica,${tag}@clinica.es\n`]), 'leads.csv');
  form.append('groupName', groupName);
  return form;
}

/**
 * Sends `path` exactly as written: fetch and URL would resolve dot segments and doubled slashes
 * before sending, which is what an attacker's own client does not do.
 */
async function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: FormData } = {},
): Promise<{ status: number; body: any }> {
  const encoded = body ? new Response(body) : undefined;
  const bytes = encoded ? Buffer.from(await encoded.arrayBuffer()) : undefined;
  const contentType = encoded?.headers.get('content-type');
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { hostname, port, path, method, headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          const isJson = (response.headers['content-type'] ?? '').includes('application/json');
          resolve({ status: response.statusCode ?? 0, body: isJson && text ? JSON.parse(text) : text });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(bytes);
  });
}

const cookieOf = (client: ApiClient) => [...client.cookies].map(([key, value]) => `${key}=${value}`).join('; ');

describeWithServer(
  'cross-origin protection',
  (server) => {
    const db = () => server().ctx.db;

    async function signedIn() {
      const username = uniqueName('origen');
      const user = await createUser(server(), { username });
      return { user, client: await loginAs(server(), username) };
    }

    /** A profile change with the given browser headers; answers its status and whether the name changed. */
    async function profileChangeWith(headers: Record<string, string>) {
      const { user, client } = await signedIn();
      const firstName = uniqueName('Cambiado');
      const response = await client.request('PUT', `/api/users/${user.id}`, { firstName }, headers);
      const stored = await db().selectFrom('users').select('first_name').where('id', '=', user.id).executeTakeFirstOrThrow();
      return { status: response.status, body: response.body, changed: stored.first_name === firstName };
    }

    describe('each rule', () => {
      const own = () => new URL(server().url).origin;
      const cases: [string, () => Record<string, string>, boolean][] = [
        ['Sec-Fetch-Site: same-origin', () => ({ 'sec-fetch-site': 'same-origin' }), true],
        ['Sec-Fetch-Site: none (typed by the user)', () => ({ 'sec-fetch-site': 'none' }), true],
        [
          'Sec-Fetch-Site: same-origin wins over a foreign Origin',
          () => ({ 'sec-fetch-site': 'same-origin', origin: FOREIGN_ORIGIN }),
          true,
        ],
        ['Sec-Fetch-Site: cross-site from PUBLIC_ORIGIN', () => ({ 'sec-fetch-site': 'cross-site', origin: TRUSTED_ORIGIN }), true],
        ['Sec-Fetch-Site: cross-site', () => ({ 'sec-fetch-site': 'cross-site', origin: FOREIGN_ORIGIN }), false],
        ['Sec-Fetch-Site: cross-site without Origin', () => ({ 'sec-fetch-site': 'cross-site' }), false],
        [
          'Sec-Fetch-Site: same-site (a sibling subdomain)',
          () => ({ 'sec-fetch-site': 'same-site', origin: 'https://blog.example.com' }),
          false,
        ],
        ['an older browser, our own Origin', () => ({ origin: own() }), true],
        ['an older browser, Origin in PUBLIC_ORIGIN', () => ({ origin: TRUSTED_ORIGIN }), true],
        ['an older browser, a foreign Origin', () => ({ origin: FOREIGN_ORIGIN }), false],
        ['an older browser, a look-alike Origin', () => ({ origin: `${own()}.evil.example` }), false],
        ['an older browser, Origin null (sandboxed frame)', () => ({ origin: 'null' }), false],
        ['neither header: not a browser', () => ({}), true],
      ];
      for (const [name, headers, passes] of cases) {
        it(`${passes ? 'passes' : 'refuses (403)'}: ${name}`, async () => {
          const result = await profileChangeWith(headers());
          expect(result.status).toBe(passes ? 200 : 403);
          expect(result.changed).toBe(passes);
          if (!passes) expect(result.body).toEqual({ message: CROSS_ORIGIN_MESSAGE });
        });
      }

      it('never refuses GET, HEAD or OPTIONS for where they come from', async () => {
        const client = new ApiClient(server().url);
        for (const method of ['GET', 'HEAD', 'OPTIONS']) {
          const response = await client.request(method, '/api/health', undefined, {
            'sec-fetch-site': 'cross-site',
            origin: FOREIGN_ORIGIN,
          });
          expect(response.status, method).not.toBe(403);
        }
      });

      it('refuses a cross-site form post of any content type, and a cross-site sign-in', async () => {
        const { user, client } = await signedIn();
        const browser = { 'sec-fetch-site': 'cross-site', origin: FOREIGN_ORIGIN };
        for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/json']) {
          const response = await client.request('PUT', `/api/users/${user.id}`, JSON.stringify({ firstName: 'Falsificado' }), {
            ...browser,
            'content-type': contentType,
          });
          expect(response.status, contentType).toBe(403);
        }
        const login = await new ApiClient(server().url).request(
          'POST',
          '/api/login',
          { username: 'admin', password: ADMIN_PASSWORD },
          browser,
        );
        expect(login.status).toBe(403);
        expect(login.headers.getSetCookie()).toEqual([]);
        const trpc = await client.request('POST', '/trpc/auth.logout', '{}', { ...browser, 'content-type': 'text/plain' });
        expect(trpc.status).toBe(403);
        expect((await client.get('/api/auth/user')).body.firstName).toBe(user.firstName);
      });

      it('decides on the decoded path: an encoded /api from a foreign site imports nothing', async () => {
        const admin = await loginAs(server(), 'admin', ADMIN_PASSWORD);
        const groupName = uniqueName('Encubierto');
        for (const path of ['/%61pi/leads/import', '//api/leads/import', '/x/../api/leads/import', '/api/%6ceads/import']) {
          const response = await rawRequest(server().url, 'POST', path, {
            headers: { cookie: cookieOf(admin), origin: FOREIGN_ORIGIN },
            body: csvForm(groupName, uniqueName('e')),
          });
          expect(response.status, path).toBe(403);
        }
        expect(await db().selectFrom('lead_groups').select('id').where('name', '=', groupName).executeTakeFirst()).toBeUndefined();
        // The same spelling from a plain client reaches the import route itself.
        const plain = await rawRequest(server().url, 'POST', '/x/../%61pi//leads/import', {
          headers: { cookie: cookieOf(admin) },
          body: csvForm(groupName, uniqueName('e')),
        });
        expect(plain.status).toBe(200);
        expect(plain.body).toMatchObject({ imported: 1, groupName });
      });
    });

    describe('every documented state change works from a plain client (the cookie, no other header)', () => {
      it('logs in, works through each call of the spec, and logs out', async () => {
        const admin = await loginAs(server(), 'admin', ADMIN_PASSWORD);
        const adminId = (await admin.get('/api/auth/user')).body.id as number;
        const colleague = await createUser(server(), { username: uniqueName('colega') });
        const colleagueClient = await loginAs(server(), colleague.username);
        const tag = uniqueName('curl').toLowerCase();
        const ok = (response: { status: number; body: unknown }, call: string) => {
          expect(response.status, `${call}: ${JSON.stringify(response.body)}`).toBeGreaterThanOrEqual(200);
          expect(response.status, call).toBeLessThan(300);
          return response.body as Record<string, any>;
        };

        const lead = ok(
          await admin.post('/api/leads', {
            name: `Lead ${tag}`,
            email: `${tag}@lead.es`,
            category: 'salud',
            description: 'Nuevo',
            assignedTo: null,
          }),
          'POST /api/leads',
        );
        const imported = ok(await admin.post('/api/leads/import', csvForm(`Grupo ${tag}`, tag)), 'POST /api/leads/import');
        ok(await admin.put(`/api/leads/${lead.id}/assign`, { assignedTo: adminId }), 'PUT /api/leads/{id}/assign');
        ok(await admin.put(`/api/leads/${lead.id}`, { status: 'contactado' }), 'PUT /api/leads/{id}');
        const tracking = ok(
          await admin.post('/api/conversation-tracking', {
            leadId: lead.id,
            messagesFromLead: 1,
            messagesToLead: 2,
            lastContactDate: '2026-01-15',
          }),
          'POST /api/conversation-tracking',
        );
        ok(
          await admin.put(`/api/conversation-tracking/${tracking.id}`, {
            leadId: lead.id,
            messagesFromLead: 3,
            messagesToLead: 2,
            lastContactDate: '2026-01-16',
          }),
          'PUT /api/conversation-tracking/{id}',
        );
        ok(await admin.delete(`/api/conversation-tracking/${tracking.id}`), 'DELETE /api/conversation-tracking/{id}');
        ok(await admin.delete(`/api/lead-groups/${imported.groupId}`), 'DELETE /api/lead-groups/{id}');

        const received = ok(
          await colleagueClient.post('/api/chat/messages', { receiverId: adminId, message: 'Hola' }),
          'POST /api/chat/messages',
        );
        ok(await admin.post(`/api/chat/messages/${received.id}/read`), 'POST /api/chat/messages/{id}/read');

        const created = ok(
          await admin.post('/api/users', {
            firstName: 'Nueva',
            lastName: 'Persona',
            email: `${tag}@empresa.es`,
            password: 'secreto1',
            systemRole: 'team_member',
          }),
          'POST /api/users',
        );
        ok(await admin.put(`/api/users/${created.id}`, { firstName: 'Renombrada' }), 'PUT /api/users/{id}');
        const role = ok(
          await admin.post('/api/custom-roles', { name: `rol_${tag}`, displayName: 'Rol', description: 'd', color: '#123abc' }),
          'POST /api/custom-roles',
        );
        ok(
          await admin.put(`/api/custom-roles/${role.id}`, { displayName: 'Rol 2', description: 'd', color: '#123abc' }),
          'PUT /api/custom-roles/{id}',
        );
        ok(await admin.post(`/api/users/${created.id}/roles/${role.id}`), 'POST /api/users/{userId}/roles/{roleId}');
        ok(await admin.delete(`/api/users/${created.id}/roles/${role.id}`), 'DELETE /api/users/{userId}/roles/{roleId}');
        ok(await admin.delete(`/api/custom-roles/${role.id}`), 'DELETE /api/custom-roles/{id}');
        ok(await admin.delete(`/api/users/${created.id}`), 'DELETE /api/users/{id}');

        const image = new FormData();
        const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } })
          .png()
          .toBuffer();
        image.append('image', fileBlob(png), 'yo.png');
        ok(await admin.post('/api/upload-profile-image', image), 'POST /api/upload-profile-image');

        ok(await admin.post('/api/logout'), 'POST /api/logout');
        expect((await admin.get('/api/auth/user')).status).toBe(401);
      });
    });

    describe('one decoded path for routing and every check', () => {
      it('routes percent-encoded, dotted and doubled spellings to the same route', async () => {
        for (const path of [
          '/%61pi/health',
          '/api/%68ealth',
          '//api//health',
          '/api/./health',
          '/x/../api/health',
          '/api/%2e%2e/api/health?x=%2F',
        ]) {
          const response = await rawRequest(server().url, 'GET', path);
          expect(response.status, path).toBe(200);
          expect(response.body, path).toEqual({ status: 'ok' });
        }
      });

      it('refuses an undecodable path with a Spanish 400', async () => {
        for (const path of ['/api/%zz', '/api/%', '/api/%C3%28', '/%E0%A4%A']) {
          const response = await rawRequest(server().url, 'GET', path);
          expect(response.status, path).toBe(400);
          expect(response.body, path).toEqual({ message: 'La dirección de la petición no es válida' });
        }
      });
    });
  },
  { PUBLIC_ORIGIN: TRUSTED_ORIGIN },
);
