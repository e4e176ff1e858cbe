/**
 * A deleted group is marked at once (it leaves every list) and its leads are deleted afterwards in
 * small batches, so deleting 168,000 leads never holds the database for seconds; a start resumes
 * the groups still marked.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('lead_groups').addColumn('deleted_at', 'timestamptz').execute();
  await sql`create index lead_groups_deleted_idx on lead_groups (id) where deleted_at is not null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists lead_groups_deleted_idx`.execute(db);
  await db.schema.alterTable('lead_groups').dropColumn('deleted_at').execute();
}
