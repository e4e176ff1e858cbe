/**
 * Issue 27: an import stages its rows in `import_job_rows` and publishes them in one transaction,
 * and the database keeps leads' emails and phones unique.
 *
 * 1. Imports no longer write hidden leads: a group that was staged when this runs belonged to an
 *    import the upgrade interrupted, so it is deleted (the purge at start removes its leads) and
 *    its job fails; the staged-group columns and the import's helper tables go.
 * 2. Every stored phone is rewritten as the domain stores it (E.164 in the team's country when it
 *    parses), so one key per phone is enough to compare.
 * 3. Leads that already share an email or a phone keep both rows: the later ones get a rank
 *    (`email_key_rank`, `phone_key_rank` > 0) and are listed in `lead_key_duplicates` for the
 *    team to merge; the unique indexes are on (key, rank), so every new write is checked.
 */
import { type PhoneCountry, isPhoneCountry, normalizePhone } from '@crm/domain';
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

const INTERRUPTED = 'La importación se interrumpió porque el servidor se detuvo';
const PHONE_BATCH = 5000;

export async function up(db: AnyDb): Promise<void> {
  await sql`update import_jobs set status = 'failed', failure = ${INTERRUPTED}, finished_at = now(), group_id = null
    where status = 'running'`.execute(db);
  await sql`update lead_groups set deleted_at = now() where staged and deleted_at is null`.execute(db);
  await sql`drop table if exists import_job_updates`.execute(db);
  await sql`drop table if exists import_job_keys`.execute(db);
  await sql`drop index if exists lead_groups_staged_idx`.execute(db);
  await sql`alter table lead_groups drop column staged, drop column if exists staged_time_exclusive`.execute(db);

  await sql`alter table import_jobs add column rows_saved integer not null default 0, add column saving_started_at timestamptz`.execute(db);
  // Unlogged: staged rows are worth nothing after a crash (the job is failed and tried again).
  await sql`create unlogged table import_job_rows (
    job_id integer not null references import_jobs (id) on delete cascade,
    row_number integer not null,
    cells text not null,
    name text, email text, phone text, category text, description text, address text, domain text,
    email_key text, phone_key text, search_text text,
    problem text,
    matched_lead_id integer,
    lead_id integer,
    primary key (job_id, row_number)
  )`.execute(db);

  await normalizeStoredPhones(db);

  await sql`alter table leads add column email_key_rank smallint not null default 0,
    add column phone_key_rank smallint not null default 0`.execute(db);
  // A report of what this migration found (no foreign keys: it outlives the leads a merge removes).
  await sql`create table lead_key_duplicates (
    lead_id integer not null,
    kept_lead_id integer not null,
    key text not null check (key in ('email', 'phone')),
    found_at timestamptz not null default now(),
    primary key (lead_id, key)
  )`.execute(db);
  for (const key of ['email', 'phone'] as const) {
    const column = sql.ref(`${key}_key`);
    const rank = sql.ref(`${key}_key_rank`);
    await sql`with ranked as (
        select id, first_value(id) over (partition by ${column} order by id) as kept,
          row_number() over (partition by ${column} order by id) - 1 as rank
        from leads where ${column} is not null
      ), marked as (
        update leads set ${rank} = ranked.rank from ranked where leads.id = ranked.id and ranked.rank > 0
        returning leads.id, ranked.kept
      )
      insert into lead_key_duplicates (lead_id, kept_lead_id, key) select id, kept, ${key} from marked`.execute(db);
    await sql`drop index if exists ${sql.ref(`leads_${key}_key_idx`)}`.execute(db);
    await sql`create unique index ${sql.ref(`leads_${key}_key_unique`)} on leads (${column}, ${rank}) where ${column} is not null`.execute(
      db,
    );
  }
  const { rows } = await sql<{ key: string; count: number }>`
    select key, count(*)::int as count from lead_key_duplicates group by key`.execute(db);
  for (const row of rows) {
    console.warn(
      `Migración: ${row.count} leads repiten el ${row.key === 'email' ? 'email' : 'teléfono'} de otro; se listan en lead_key_duplicates.`,
    );
  }
}

/** Batches by id, each one statement: the phones whose stored form is not the one the domain gives. */
async function normalizeStoredPhones(db: AnyDb): Promise<void> {
  const settings = await sql<{ country: string }>`select country from team_settings`.execute(db);
  const stored = settings.rows[0]?.country;
  const country: PhoneCountry = stored && isPhoneCountry(stored) ? stored : 'AR';
  for (let after = 0; ;) {
    const { rows } = await sql<{ id: number; phone: string }>`
      select id, phone from leads where id > ${after} and phone is not null order by id limit ${PHONE_BATCH}`.execute(db);
    const last = rows.at(-1);
    if (!last) return;
    after = last.id;
    const changed = rows.flatMap((row) => {
      const phone = normalizePhone(row.phone, country);
      return phone !== row.phone ? [{ id: row.id, phone }] : [];
    });
    if (changed.length === 0) continue;
    await sql`update leads set phone = input.phone
      from unnest(${changed.map((row) => row.id)}::int[], ${changed.map((row) => row.phone)}::text[]) as input(id, phone)
      where leads.id = input.id`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const key of ['email', 'phone'] as const) {
    await sql`drop index if exists ${sql.ref(`leads_${key}_key_unique`)}`.execute(db);
    await sql`create index ${sql.ref(`leads_${key}_key_idx`)} on leads (${sql.ref(`${key}_key`)}) where ${sql.ref(`${key}_key`)} is not null`.execute(
      db,
    );
  }
  await sql`drop table if exists lead_key_duplicates`.execute(db);
  await sql`alter table leads drop column if exists email_key_rank, drop column if exists phone_key_rank`.execute(db);
  await sql`drop table if exists import_job_rows`.execute(db);
  await sql`alter table import_jobs drop column if exists rows_saved, drop column if exists saving_started_at`.execute(db);
  await sql`alter table lead_groups add column staged boolean not null default false,
    add column staged_time_exclusive boolean not null default false`.execute(db);
  await sql`create table import_job_keys (
    job_id integer not null references import_jobs (id) on delete cascade, key text not null, primary key (job_id, key))`.execute(db);
  await sql`create table import_job_updates (
    job_id integer not null references import_jobs (id) on delete cascade,
    lead_id integer not null references leads (id) on delete cascade,
    name text not null, category text not null, email text, phone text, description text, address text, domain text,
    search_text text not null, primary key (job_id, lead_id))`.execute(db);
}
