import { listLeads, EVERY_LEAD } from '@crm/db';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';

/** More than a few stream pages, with assignees, contacters and tracking so every joined field is compared. */
const LEADS = 2_345;

describeWithServer('every lead at once: GET /api/leads without parameters and the CSV export, streamed', (server) => {
  let admin: ApiClient;
  let cookie: string;

  beforeAll(async () => {
    const username = uniqueName('stream');
    const user = await createUser(server(), { username, systemRole: 'admin' });
    admin = await loginAs(server(), username);
    cookie = [...admin.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
    const db = server().ctx.db;
    // Some leads share a created_at, so the id must break the tie the same way in both answers.
    await sql`insert into leads (name, email, phone, category, status, assigned_to, contacted_by, contacted_at, search_text, created_at)
      select 'Stream ' || g, 'stream' || g || '@x.es', '600' || g, 'retail',
        case when g % 3 = 0 then 'contactado' else 'nuevo' end,
        case when g % 2 = 0 then ${user.id}::int end,
        case when g % 3 = 0 then ${user.id}::int end,
        case when g % 3 = 0 then now() end,
        'stream ' || g, now() - (g / 4) * interval '1 minute'
      from generate_series(1, ${LEADS}) g`.execute(db);
    await sql`insert into conversation_tracking (lead_id, progress_level, last_contact_date, notes)
      select id, 'poco_progreso', current_date, 'Nota "con comillas" y ñ' from leads where name like 'Stream 1%'`.execute(db);
  });

  it('answers the same array, byte for byte, as reading every lead in one query', async () => {
    const response = await fetch(new URL('/api/leads', server().url), { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const streamed = await response.text();
    const all = await listLeads(server().ctx.db, { reader: EVERY_LEAD });
    expect(all.items.length).toBeGreaterThanOrEqual(LEADS);
    expect(streamed).toBe(JSON.stringify(all.items));
  });

  it('answers other requests while a client reads the big answer slowly, then completes it', async () => {
    const big = await fetch(new URL('/api/leads', server().url), { headers: { cookie } });
    const reader = big.body?.getReader();
    if (!reader) throw new Error('no body');
    const first = await reader.read();
    expect(first.done).toBe(false);
    // The big answer is open and unread: the database must still serve everyone else.
    for (let index = 0; index < 5; index += 1) {
      const other = await admin.get('/api/leads?limit=5');
      expect(other.status).toBe(200);
      expect(other.body.items).toHaveLength(5);
    }
    const chunks = [Buffer.from(first.value ?? new Uint8Array())];
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(Buffer.from(next.value));
    const leads = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number }[];
    expect(leads.length).toBeGreaterThanOrEqual(LEADS);
    expect(new Set(leads.map((lead) => lead.id)).size).toBe(leads.length);
  });

  it('exports every lead of the filter to CSV in the list order, one line each', async () => {
    const response = await fetch(new URL('/api/leads/export?q=stream', server().url), { headers: { cookie } });
    expect(response.status).toBe(200);
    const lines = (await response.text()).split('\r\n').filter(Boolean);
    const expected = (await listLeads(server().ctx.db, { reader: EVERY_LEAD, q: 'stream' })).items.map((lead) => lead.name);
    expect(lines).toHaveLength(expected.length + 1);
    // The separator follows the team's locale (';' for the default es-AR, as Spanish Excel reads it).
    expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual(expected);
  });

  it('still refuses an anonymous caller', async () => {
    expect((await new ApiClient(server().url).get('/api/leads')).status).toBe(401);
  });
});
