/**
 * The call policy over real HTTP on the database: expensive calls paid from one budget per user
 * across sessions and tRPC batch calls (a 429 with Retry-After past it, others untouched), and
 * audited calls recorded with who, from where and what, sign-in failures included.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { ADMIN_PASSWORD, ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../test/harness.js';
import { trpcClientFor, trpcFailure } from '../test/trpc-client.js';

describeWithServer(
  'call policy',
  (server) => {
    it('charges searches to one budget per user over sessions and batch calls, and refuses the rest with Retry-After', async () => {
      const username = uniqueName('flood');
      await createUser(server(), { username, systemRole: 'team_member' });
      const first = await loginAs(server(), username);
      const second = await loginAs(server(), username);
      // Six board searches in one tRPC batch from one session: each call pays.
      const batch = trpcClientFor(first);
      const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => batch.pipeline.board.query({ q: 'sol' })));
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(6);
      // The other session shares the bucket: 4 left of 10.
      const rest = await Promise.all(Array.from({ length: 6 }, () => second.get('/api/leads?q=sol&limit=5')));
      expect(rest.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 429, 429]);
      const refused = rest.find((response) => response.status === 429);
      expect(refused?.body.message).toMatch(/^Has hecho demasiadas búsquedas seguidas\. Vuelve a intentarlo en \d+ s\.$/);
      expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await trpcFailure(batch.search.everything.query({ q: 'sol' }))).data?.code).toBe('TOO_MANY_REQUESTS');
      // Cheap calls and other users go on.
      expect((await first.get('/api/auth/user')).status).toBe(200);
      const other = uniqueName('calm');
      await createUser(server(), { username: other, systemRole: 'team_member' });
      expect((await (await loginAs(server(), other)).get('/api/leads?q=sol&limit=5')).status).toBe(200);
    });

    it('charges the whole-list stream (GET /api/leads without parameters) like an export', async () => {
      const username = uniqueName('stream');
      await createUser(server(), { username, systemRole: 'team_member' });
      const seller = await loginAs(server(), username);
      // A budget of 10 pays one stream (10), and nothing is left for a second.
      expect((await seller.get('/api/leads')).status).toBe(200);
      const second = await seller.get('/api/leads');
      expect(second.status).toBe(429);
      expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    });

    it('records audited calls with the actor, the address and the scrubbed input, and failed sign-ins', async () => {
      const admin = await loginAs(server(), 'admin', ADMIN_PASSWORD);
      const username = uniqueName('aud');
      const created = await admin.post('/api/users', {
        firstName: 'Eva',
        lastName: 'Ruiz',
        email: `${username}@example.com`,
        password: 'secreto1',
        systemRole: 'team_member',
      });
      expect(created.status).toBe(201);
      expect((await admin.put(`/api/users/${created.body.id}`, { systemRole: 'manager' })).status).toBe(200);
      expect(
        (await new ApiClient(server().url).post('/api/login', { username: created.body.username, password: 'equivocada' })).status,
      ).toBe(401);
      const entries = await sql<{
        action: string;
        actor_name: string | null;
        ip: string;
        target_id: string | null;
        details: Record<string, unknown>;
      }>`
        select action, actor_name, ip, target_id, details from audit_log order by id`.execute(server().ctx.db);
      const created_ = entries.rows.find((entry) => entry.action === 'users.create' && entry.target_id === String(created.body.id));
      expect(created_).toMatchObject({ ip: '127.0.0.1', details: { firstName: 'Eva', password: '[oculto]' } });
      expect(created_?.actor_name).toBeTruthy();
      expect(entries.rows.find((entry) => entry.action === 'users.update' && entry.target_id === String(created.body.id))).toMatchObject({
        details: { id: created.body.id, data: { systemRole: 'manager' } },
      });
      expect(entries.rows.find((entry) => entry.action === 'auth.login.failed')).toMatchObject({
        actor_name: null,
        details: { username: created.body.username, password: '[oculto]' },
      });
      const listed = await admin.get('/api/audit?action=users.');
      expect(listed.body.items.map((entry: { summary: string }) => entry.summary)).toEqual(
        expect.arrayContaining(['Crea un usuario', 'Edita un usuario']),
      );
    });
  },
  { WORK_BUDGET_BURST: '10', WORK_BUDGET_PER_SECOND: '0.1' },
);
