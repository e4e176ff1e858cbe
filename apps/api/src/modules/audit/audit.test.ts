/**
 * The audit log over real HTTP on the database: admins only, newest first by pages, filters, the
 * CSV, and no way to change it through the API.
 */
import { beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';
import { auditDetailsOf } from '@crm/domain';
import { recordAudit } from '../../audit-trail.js';

describeWithServer('audit log', (server) => {
  let admin: ApiClient;
  const action = uniqueName('prueba').toLowerCase();

  beforeAll(async () => {
    admin = await loginAs(server(), 'admin', ADMIN_PASSWORD);
    const viewer = { user: { id: 1, firstName: 'Ana', lastName: 'Pérez' } as never };
    for (const n of [1, 2, 3]) {
      await recordAudit(
        server().ctx,
        { viewer, ip: '203.0.113.9' },
        { action: `${action}.paso`, target: { type: 'user', id: n }, details: { n } },
      );
    }
  });

  it('is for admins only, on REST and tRPC', async () => {
    for (const role of ['manager', 'team_member'] as const) {
      const username = uniqueName('aud');
      await createUser(server(), { username, systemRole: role });
      const api = await loginAs(server(), username);
      expect((await api.get('/api/audit')).status).toBe(403);
      expect((await api.get('/api/audit/export')).status).toBe(403);
      expect((await trpcFailure(trpcClientFor(api).audit.list.query({}))).data?.code).toBe('FORBIDDEN');
    }
  });

  it('reads newest first, by pages, filtered by action prefix and day; bad filters are Spanish 400s', async () => {
    const first = await admin.get(`/api/audit?action=${action}.&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.items.map((entry: { target: { id: string } }) => entry.target.id)).toEqual(['3', '2']);
    expect(first.body.items[0]).toMatchObject({ actor: { id: 1, name: 'Ana Pérez' }, ip: '203.0.113.9', details: { n: 3 } });
    const second = await admin.get(`/api/audit?action=${action}.&limit=2&before=${first.body.nextBefore}`);
    expect(second.body).toMatchObject({ items: [{ target: { type: 'user', id: '1' } }], nextBefore: null });
    expect((await admin.get(`/api/audit?action=${action}.&from=2100-01-01`)).body.items).toEqual([]);
    expect((await admin.get('/api/audit?from=9999-12-31')).status).toBe(400);
    expect((await admin.get('/api/audit?limit=500')).body).toMatchObject({ message: 'Máximo 200 por página' });
  });

  it('downloads the filtered log as CSV with the team separator', async () => {
    const response = await fetch(`${server().url}/api/audit/export?action=${action}.`, { headers: { cookie: admin.cookies.header() } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="auditoria-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await response.text()).replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^Fecha[;,]Usuario/);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`${action}.paso`);
  });

  it('offers no way to change or delete an entry', async () => {
    for (const method of ['PUT', 'DELETE', 'POST'] as const) {
      expect((await admin.request(method, '/api/audit')).status).toBe(404);
    }
  });

  it('keeps secrets out of the details and bounds their size', () => {
    expect(auditDetailsOf({ username: 'ana', password: 'x', nested: { newPassword: 'y', token: 'z' } })).toEqual({
      username: 'ana',
      password: '[oculto]',
      nested: { newPassword: '[oculto]', token: '[oculto]' },
    });
    expect(Object.keys(auditDetailsOf({ text: 'x'.repeat(300), list: Array.from({ length: 40 }, () => 'y'.repeat(400)) }))).toEqual([
      'truncated',
    ]);
  });
});
