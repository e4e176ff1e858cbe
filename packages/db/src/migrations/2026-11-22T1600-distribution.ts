/**
 * Automatic distribution (issue 12): each custom role's rule and its rotation, and who is
 * available for assignment. Also the search keys of the command palette: substring search of
 * phone digits and company domains, each served by a trigram index.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table custom_roles add column distribution text not null default 'none'
    check (distribution in ('none', 'round_robin', 'least_busy'))`.execute(db);
  // The member the rotation gave the last lead to: the next turn is the next member by id. Kept on
  // the role's row, so the row lock that advances it makes concurrent imports and replicas take turns.
  await sql`alter table custom_roles add column last_assigned_user_id integer references users(id) on delete set null`.execute(db);
  await sql`alter table users add column available boolean not null default true`.execute(db);
  // What an import to a role still has to hand out after each batch: its group's unassigned leads.
  await sql`create index leads_group_unassigned_idx on leads (group_id, id) where assigned_to is null`.execute(db);

  await sql`create index leads_phone_key_trgm_idx on leads using gin (phone_key gin_trgm_ops) where phone_key is not null`.execute(db);
  await sql`create index leads_domain_trgm_idx on leads using gin (lower(domain) gin_trgm_ops) where domain is not null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists leads_domain_trgm_idx`.execute(db);
  await sql`drop index if exists leads_phone_key_trgm_idx`.execute(db);
  await sql`drop index if exists leads_group_unassigned_idx`.execute(db);
  await sql`alter table users drop column if exists available`.execute(db);
  await sql`alter table custom_roles drop column if exists last_assigned_user_id`.execute(db);
  await sql`alter table custom_roles drop column if exists distribution`.execute(db);
}
