/**
 * The call policy over real HTTP on the database: expensive calls priced by their work and paid
 * from one budget per user across sessions and tRPC batch calls, at most two of them running at once
 * per user (a 429 with Retry-After past either, others untouched), and
 * audited calls recorded with who, from where and what, sign-in failures included.
 */
import { get, type IncomingMessage } from 'node:http';
import { releaseWorkSlot, takeWorkSlot } from '@crm/db';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { ADMIN_PASSWORD, ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../test/harness.js';
import { trpcClientFor, trpcFailure } from '../test/trpc-client.js';

describeWithServer(
  'call policy',
  (server) => {
    it('charges searches by their work to one budget per user over sessions and batch calls, and refuses the rest with Retry-After', async () => {
      const username = uniqueName('flood');
      await createUser(server(), { username, systemRole: 'team_member' });
      const first = await loginAs(server(), username);
      const second = await loginAs(server(), username);
      // Two board searches in one tRPC batch from one session: each call pays its 12 of the 30.
      const batch = trpcClientFor(first);
      const outcomes = await Promise.allSettled(Array.from({ length: 2 }, () => batch.pipeline.board.query({ q: 'sol' })));
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
      // The other session shares the bucket: 6 left, one list search (4) and no more.
      const rest = await Promise.all(Array.from({ length: 3 }, () => second.get('/api/leads?q=sol&limit=5')));
      expect(rest.map((response) => response.status).sort()).toEqual([200, 429, 429]);
      const refused = rest.find((response) => response.status === 429);
      expect(refused?.body.message).toMatch(/^Has hecho demasiadas búsquedas seguidas\. Vuelve a intentarlo en \d+ s\.$/);
      expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await trpcFailure(batch.pipeline.board.query({ q: 'sol' }))).data?.code).toBe('TOO_MANY_REQUESTS');
      // A custom-field filter is a search too; a plain page walks an index and costs nothing.
      expect((await second.get(`/api/leads?limit=5&cf=${encodeURIComponent('{"zona":{"contains":"sur"}}')}`)).status).toBe(429);
      expect((await second.get('/api/leads?limit=5')).status).toBe(200);
      expect((await batch.leads.list.query({ limit: 5, view: 'contacted' })).items).toBeInstanceOf(Array);
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
      // A budget of 30 pays three streams (10 each), and nothing is left for a fourth.
      for (let index = 0; index < 3; index += 1) expect((await seller.get('/api/leads')).status).toBe(200);
      const fourth = await seller.get('/api/leads');
      expect(fourth.status).toBe(429);
      expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    });

    it('runs at most two expensive calls of one user at once over every session and replica: the next waits, then a 429', async () => {
      const username = uniqueName('slots');
      const user = await createUser(server(), { username, systemRole: 'team_member' });
      const first = await loginAs(server(), username);
      const second = await loginAs(server(), username);
      const { db } = server().ctx;
      // Two searches of his run on another replica: they hold both of his slots.
      const elsewhere = [await takeWorkSlot(db, user.id, 2, 60), await takeWorkSlot(db, user.id, 2, 60)];
      expect(elsewhere.every(Boolean)).toBe(true);
      const started = Date.now();
      const refused = await first.get('/api/leads?q=sol&limit=5');
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('Ya tienes otras búsquedas en marcha. Espera a que terminen y vuelve a intentarlo en 1 s.');
      expect(refused.headers.get('retry-after')).toBe('1');
      // It waited for a slot before giving up, without taking one.
      expect(Date.now() - started).toBeGreaterThanOrEqual(4_000);
      expect((await trpcFailure(trpcClientFor(second).search.everything.query({ q: 'sol' }))).data?.code).toBe('TOO_MANY_REQUESTS');
      // Meanwhile his plain pages and another user's searches are answered at once.
      expect((await second.get('/api/leads?limit=5')).status).toBe(200);
      const other = uniqueName('calm');
      await createUser(server(), { username: other, systemRole: 'team_member' });
      expect((await (await loginAs(server(), other)).get('/api/leads?q=sol&limit=5')).status).toBe(200);
      // A call that waits gets the slot the moment one is given back.
      const waiting = second.get('/api/pipeline?q=sol');
      await new Promise((resolve) => setTimeout(resolve, 500));
      const [one] = elsewhere;
      if (one) await releaseWorkSlot(db, user.id, one);
      expect((await waiting).status).toBe(200);
      // Every call gives its slot back when it ends, a failed one too (an unknown custom field is a 400).
      expect((await first.get(`/api/leads?limit=5&cf=${encodeURIComponent('{"nadie":{"contains":"x"}}')}`)).status).toBe(400);
      const held = await sql<{ count: number }>`
        select count(*)::int as count from user_work_slots where user_id = ${user.id} and held_until > clock_timestamp()`.execute(db);
      expect(held.rows[0]?.count).toBe(1);
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

    it('keeps a slot while its stream is read: two open streams leave none for a third call, and a cut one gives it back', async () => {
      const { db } = server().ctx;
      // More than the sockets on both ends can buffer, so a stream nobody reads stays open.
      await sql`insert into leads (name, email, category, description, search_text)
        select 'Corriente ' || g, 'corriente' || g || '@empresa.es', 'otros', ${'x'.repeat(500)}, 'corriente ' || g
        from generate_series(1, 40000) g`.execute(db);
      const username = uniqueName('streams');
      const user = await createUser(server(), { username, systemRole: 'team_member' });
      const seller = await loginAs(server(), username);
      const open = () =>
        new Promise<IncomingMessage>((resolve, reject) => {
          const request = get(new URL('/api/leads', server().url), { headers: { cookie: seller.cookies.header() } }, (response) => {
            response.pause();
            resolve(response);
          });
          request.on('error', reject);
        });
      const streams = [await open(), await open()];
      try {
        expect(streams.map((response) => response.statusCode)).toEqual([200, 200]);
        const refused = await seller.get('/api/leads?q=corriente&limit=5');
        expect(refused.status).toBe(429);
        expect(refused.body.message).toBe('Ya tienes otras búsquedas en marcha. Espera a que terminen y vuelve a intentarlo en 1 s.');
        // The client goes away mid-stream: the server's stream ends, and its slot is free again. Each
        // try waits up to 5 s for a slot; its budget is refilled so only the slot can refuse it.
        streams[0]?.destroy();
        const searchWithFullBudget = async () => {
          await sql`delete from user_work_budgets where user_id = ${user.id}`.execute(db);
          return (await seller.get('/api/leads?q=corriente&limit=5')).status;
        };
        await expect.poll(searchWithFullBudget, { timeout: 30_000 }).toBe(200);
      } finally {
        // Whatever happened above: a stream left open would hold the server's close.
        for (const stream of streams) stream.destroy();
        await sql`delete from leads where name like 'Corriente %'`.execute(db);
      }
    });
  },
  { WORK_BUDGET_BURST: '30', WORK_BUDGET_PER_SECOND: '0.1' },
);
