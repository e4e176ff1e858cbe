/**
 * A staged import's leads as one run that a list sorted by creation steps over. Every lead an
 * import writes takes its group's created_at, so they share one value of the (created_at, id)
 * indexes. Newest first, a list met all of them before any visible lead: during a 100 MB import
 * each page walked (and fetched from the table) hundreds of thousands of invisible rows.
 * staged_time_exclusive is set once no other lead has, or can still get, that created_at (see
 * staged-lead-time.repository.ts): from then on the lists read around it.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table lead_groups add column staged_time_exclusive boolean not null default false`.execute(db);
  // Every list by creation asks for these times: the staged groups are few, the groups may be thousands.
  await sql`create index lead_groups_staged_time_idx on lead_groups (created_at) where staged and staged_time_exclusive`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists lead_groups_staged_time_idx`.execute(db);
  await sql`alter table lead_groups drop column if exists staged_time_exclusive`.execute(db);
}
