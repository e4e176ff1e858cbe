/**
 * The seller's-workspace benchmark data, in bulk SQL (INSERT … SELECT generate_series), never through
 * the API: `leads` leads (80% assigned among the members), ten history events per lead with one lead
 * holding 1,000 of them, follow-ups for half as many leads, three contacts per lead, and `members`
 * people with varied names.
 * Statements of at most 100,000 rows keep each transaction, and the WAL a checkpoint must write at once, small.
 */
import type { createTestDatabase } from '@crm/db/testing';
import { sql } from 'kysely';
import { hashPassword } from '../../src/modules/auth/password.js';
import { BENCH_ADMIN } from './server-process.js';

export interface WorkspaceSize {
  leads: number;
  members: number;
  events: number;
  followUps: number;
}

/** The lead whose whole history the benchmark reads. */
const HEAVY_LEAD_EVENTS = 1_000;
const BATCH = 100_000;

type Db = Awaited<ReturnType<typeof createTestDatabase>>['db'];

async function inBatches(total: number, insert: (from: number, to: number) => Promise<unknown>): Promise<void> {
  for (let from = 1; from <= total; from += BATCH) await insert(from, Math.min(total, from + BATCH - 1));
}

async function fillPeople(db: Db, size: WorkspaceSize): Promise<void> {
  const hash = await hashPassword(BENCH_ADMIN.password);
  await sql`insert into users (username, email, password_hash, first_name, last_name, system_role)
    values (${BENCH_ADMIN.username}, 'bench@bench.es', ${hash}, 'Bench', 'Admin', 'admin')`.execute(db);
  // Everyone signs in with the bench password, so 'Mis leads' is read as a real seller.
  await sql`insert into users (username, email, password_hash, first_name, last_name, system_role)
    select 'vendedor' || g, 'vendedor' || g || '@bench.es', ${hash},
      (array['Lucía','Hugo','Martina','Mateo','Sofía','Leo','Valeria','Daniel','Paula','Álvaro','Julia','Pablo','Emma','Adrián','Carmen','Marcos','Noa','Iker','Elena','Bruno'])[1 + g % 20],
      (array['García','Fernández','González','Rodríguez','López','Martínez','Sánchez','Pérez','Gómez','Muñoz','Álvarez','Núñez','Ibáñez','Peña','Castro','Ortiz'])[1 + (g / 20) % 16],
      case when g <= 5 then 'manager' else 'team_member' end
    from generate_series(1, ${size.members}) g`.execute(db);
  await sql`insert into lead_groups (name) select 'Importación ' || g from generate_series(1, 20) g`.execute(db);
}

async function fillLeads(db: Db, size: WorkspaceSize): Promise<void> {
  await sql`select setseed(0.11)`.execute(db);
  await inBatches(size.leads, (from, to) =>
    sql`insert into leads (name, email, phone, category, description, status, assigned_to, group_id, contacted_by, contacted_at, search_text, created_at)
      select 'Empresa ' || (array['Norte','Sur','Delta','Omega','Faro','Cumbre','Brisa','Roble'])[1 + c.g % 8] || ' ' || c.g,
        'info' || c.g || '@empresa.es', '+34 6' || lpad(c.g::text, 8, '0'),
        (array['tecnologia','salud','educacion','finanzas','retail','legal','inmobiliario','otros'])[1 + c.g % 8],
        'Lead de prueba', s.status, a.assigned,
        case when c.grouped < 0.5 then (select min(id) from lead_groups) + floor(c.grouped * 40)::int end,
        case when s.status <> 'nuevo' then a.assigned end,
        case when s.status <> 'nuevo' then c.created + interval '1 day' end,
        'empresa ' || c.g || ' info' || c.g || '@empresa.es', c.created
      from (select g, now() - random() * interval '365 days' as created, random() as r, random() as u, random() as grouped
        from generate_series(${from}::int, ${to}::int) g) c
      cross join lateral (select case when c.r < 0.45 then 'nuevo' when c.r < 0.65 then 'contactado' when c.r < 0.8 then 'interesado'
        when c.r < 0.9 then 'convertido' else 'perdido' end as status) s
      cross join lateral (select case when c.u < 0.2 then null
        else (select min(id) from users) + 1 + floor((c.u - 0.2) / 0.8 * ${size.members})::int end as assigned) a`.execute(db),
  );
  await sql`update leads set contacted_at = least(contacted_at, now()) where contacted_at > now()`.execute(db);
}

/** Nine or ten events on every lead but the first, and HEAVY_LEAD_EVENTS on the first. */
async function fillHistory(db: Db, size: WorkspaceSize): Promise<void> {
  await sql`insert into lead_history (lead_id, type, actor_id, changes, at)
    select (select min(id) from leads), 'note_added', (select min(id) from users), '{}'::jsonb, now() - g * interval '1 minute'
    from generate_series(1, ${HEAVY_LEAD_EVENTS}) g`.execute(db);
  const spread = Math.max(0, size.events - HEAVY_LEAD_EVENTS);
  const others = Math.max(1, size.leads - 1);
  await inBatches(spread, (from, to) =>
    sql`insert into lead_history (lead_id, type, actor_id, changes, at)
      select (select min(id) from leads) + 1 + g % ${others}::int,
        (array['created','assigned','status_changed','contacted','edited','note_added','follow_up_set'])[1 + g % 7],
        (select min(id) from users) + 1 + g % ${size.members}::int,
        case when g % 7 = 2 then '{"status":{"from":"nuevo","to":"contactado"}}'::jsonb else '{}'::jsonb end,
        now() - (g % 5000) * interval '1 hour'
      from generate_series(${from}::int, ${to}::int) g`.execute(db),
  );
}

/**
 * Follow-ups on every other lead, owned by its assignee (else the admin): a third done, the open ones from 30
 * days ago to 30 days ahead (never due during the run). Past ones were already reminded, as on a
 * live system, so the reminder figures measure only the benchmark's own.
 */
async function fillFollowUps(db: Db, size: WorkspaceSize): Promise<void> {
  await inBatches(size.followUps, (from, to) =>
    sql`insert into follow_ups (lead_id, owner_id, due_at, note, done_at, reminded_at)
      select l.id, coalesce(l.assigned_to, (select min(id) from users)), d.due, 'Llamar', case when g % 3 = 0 then d.due end, case when d.due < now() then d.due end
      from generate_series(${from}::int, ${to}::int) g
      cross join lateral (select now() + ((g % 60) - 30) * interval '1 day' + (g % 23) * interval '1 hour' + interval '30 minutes' as due) d
      join leads l on l.id = (select min(id) from leads) + (g * 2) % ${size.leads}::int`.execute(db),
  );
  await sql`update leads set next_follow_up_at = f.due
    from (select lead_id, min(due_at) as due from follow_ups where done_at is null group by lead_id) f
    where f.lead_id = leads.id`.execute(db);
}

/** Contacts per lead (issue 29's size). */
const CONTACTS_PER_LEAD = 3;

/**
 * The lead made of generate_series value `g`'s contact `k` (0, 1, 2) has the phone '+34 7…' of
 * contactPhoneDigits(g, k); the first is the primary. search_text is written as the repository
 * writes it (lower case, no accents).
 */
export function contactPhoneDigits(g: number, k: number): string {
  return `347${String(g * CONTACTS_PER_LEAD + k).padStart(8, '0')}`;
}

const CONTACT_FIRST_NAMES = ['Ana', 'Luis', 'Marta', 'Jorge', 'Nuria', 'Raúl', 'Inés', 'Óscar'];
const CONTACT_LAST_NAMES = ['Ruiz', 'Moreno', 'Jiménez', 'Navarro', 'Torres', 'Domínguez', 'Vázquez', 'Ramos'];

/** The name fillContacts gives contact `k` of generate_series value `g`. */
export function contactName(g: number, k: number): string {
  const first = CONTACT_FIRST_NAMES[(g + k) % CONTACT_FIRST_NAMES.length] ?? '';
  const last = CONTACT_LAST_NAMES[(Math.floor(g / 8) + k) % CONTACT_LAST_NAMES.length] ?? '';
  return `${first} ${last} ${g}`;
}

async function fillContacts(db: Db, size: WorkspaceSize): Promise<void> {
  await inBatches(size.leads, (from, to) =>
    sql`insert into contacts (lead_id, name, cargo, email, phone, is_primary, search_text)
      select l.id, n.name, (array['Gerente','Compras','Dirección','Administración'])[1 + (g + k) % 4],
        'persona' || g || '.' || k || '@empresa.es', '+347' || lpad((g * ${CONTACTS_PER_LEAD}::int + k)::text, 8, '0'), k = 0,
        translate(lower(n.name), 'áéíóúñ', 'aeioun') || ' persona' || g || '.' || k || '@empresa.es'
      from generate_series(${from}::int, ${to}::int) g
      cross join generate_series(0, ${CONTACTS_PER_LEAD - 1}::int) k
      join leads l on l.id = (select min(id) from leads) + g - 1
      cross join lateral (select (${CONTACT_FIRST_NAMES}::text[])[1 + (g + k) % 8] || ' ' ||
        (${CONTACT_LAST_NAMES}::text[])[1 + (g / 8 + k) % 8] || ' ' || g as name) n`.execute(db),
  );
}

export async function fillWorkspace(db: Db, size: WorkspaceSize): Promise<void> {
  await fillPeople(db, size);
  await fillLeads(db, size);
  await fillHistory(db, size);
  await fillFollowUps(db, size);
  await fillContacts(db, size);
  // What autovacuum does on a live database: statistics, and the visibility map index-only scans rely on.
  for (const table of ['users', 'leads', 'lead_search', 'lead_history', 'follow_ups', 'contacts'])
    await sql`vacuum analyze ${sql.table(table)}`.execute(db);
}
