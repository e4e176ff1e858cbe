/**
 * Issue 27: an import inserts a range's new leads, their contacts and their history in one statement
 * that takes the ids itself, so the staged rows no longer carry the id their lead was given.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table import_job_rows drop column lead_id`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`alter table import_job_rows add column lead_id integer`.execute(db);
}
