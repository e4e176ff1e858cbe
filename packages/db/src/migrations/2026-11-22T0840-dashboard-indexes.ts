/** Indexes that let the dashboard and analytics figures be counted from indexes alone, at 100,000 leads. */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  // Conversions per window and per month: a range scan over converted leads only.
  await sql`create index leads_converted_at_idx on leads (converted_at) where status = 'convertido'`.execute(db);
  // Performance per member, optionally for leads created in a period: an index-only scan, no table reads.
  await sql`create index leads_assignee_status_created_idx on leads (assigned_to, status, created_at)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists leads_assignee_status_created_idx`.execute(db);
  await sql`drop index if exists leads_converted_at_idx`.execute(db);
}
