/**
 * Index ranges for the two sorts 1500 left without one. 'assignee' sorts by the person's name, which
 * lives in users: the lead keeps a copy (assignee_name) that triggers hold in step, so no write path
 * (edit, assignment, bulk, distribution, import, a user's deletion) can forget it, and the list reads
 * (assignee_name, id) as one index range. 'status' within a tab: the tabs split leads by status, so
 * (status_rank, id) over all leads would walk past every lead of the other tab; each tab gets its own.
 * The board counts each status: (status, group_id) counts it from the index alone, staged groups left out.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

const ACTIVE_TAB = sql`group_id is null and contacted_at is null and status in ('nuevo', 'perdido')`;
const CONTACTED_TAB = sql`contacted_at is not null or status in ('contactado', 'interesado', 'convertido')`;

export async function up(db: AnyDb): Promise<void> {
  // Exactly the list's former key, concat_ws(' ', first_name, last_name), so cursors keep their meaning.
  await sql`alter table leads add column assignee_name text`.execute(db);
  await sql`update leads set assignee_name = concat_ws(' ', u.first_name, u.last_name)
    from users u where u.id = leads.assigned_to`.execute(db);
  await sql`create function leads_set_assignee_name() returns trigger language plpgsql as $$
    begin
      new.assignee_name := (select concat_ws(' ', first_name, last_name) from users where id = new.assigned_to);
      return new;
    end $$`.execute(db);
  // Fires on every write that names assigned_to, the foreign key's 'on delete set null' included.
  await sql`create trigger leads_assignee_name before insert or update of assigned_to on leads
    for each row execute function leads_set_assignee_name()`.execute(db);
  await sql`create function users_rename_in_leads() returns trigger language plpgsql as $$
    begin
      update leads set assignee_name = concat_ws(' ', new.first_name, new.last_name) where assigned_to = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger users_name_in_leads after update of first_name, last_name on users for each row
    when (old.first_name is distinct from new.first_name or old.last_name is distinct from new.last_name)
    execute function users_rename_in_leads()`.execute(db);
  await sql`create index leads_assignee_sort_idx on leads (assignee_name, id) where assigned_to is not null`.execute(db);

  await sql`create index leads_active_status_sort_idx on leads (status_rank, id) where ${ACTIVE_TAB}`.execute(db);
  await sql`create index leads_contacted_status_sort_idx on leads (status_rank, id) where ${CONTACTED_TAB}`.execute(db);
  await sql`create index leads_status_group_idx on leads (status, group_id)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists leads_status_group_idx`.execute(db);
  await sql`drop index if exists leads_contacted_status_sort_idx`.execute(db);
  await sql`drop index if exists leads_active_status_sort_idx`.execute(db);
  await sql`drop index if exists leads_assignee_sort_idx`.execute(db);
  await sql`drop trigger if exists users_name_in_leads on users`.execute(db);
  await sql`drop function if exists users_rename_in_leads()`.execute(db);
  await sql`drop trigger if exists leads_assignee_name on leads`.execute(db);
  await sql`drop function if exists leads_set_assignee_name()`.execute(db);
  await sql`alter table leads drop column if exists assignee_name`.execute(db);
}
