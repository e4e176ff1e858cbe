/**
 * Issue 27: an import publishes its rows chunk by chunk while the rest of the file is still being
 * staged, so the staged rows change in two ways:
 * - `conflict`: why a row that is no repetition in the file would duplicate a lead already there
 *   (or one another writer committed meanwhile). It is kept apart from `problem` because such a row
 *   still counts as the file's first with its email and phone: a later row repeating it is
 *   'duplicado en el archivo', decided when its own chunk is published.
 * - a chunk's rows find the earlier rows that share their email or phone by index: without them
 *   every chunk read all the rows before it, and a file's chunks together read it many times over;
 * - the columns the publishing statements filter, group or join on sample fewer rows: the stager
 *   analyses the table after every chunk it commits, and 3,000 rows tell the planner what it needs.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

const ANALYSED_COLUMNS = ['job_id', 'row_number', 'problem', 'matched_lead_id', 'email_key', 'phone_key', 'conflict'];

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table import_job_rows add column conflict text`.execute(db);
  await sql`create index import_job_rows_email_key_idx on import_job_rows (job_id, email_key) where email_key is not null`.execute(db);
  await sql`create index import_job_rows_phone_key_idx on import_job_rows (job_id, phone_key) where phone_key is not null`.execute(db);
  for (const column of ANALYSED_COLUMNS) {
    await sql`alter table import_job_rows alter column ${sql.id(column)} set statistics 10`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ANALYSED_COLUMNS.filter((name) => name !== 'conflict')) {
    await sql`alter table import_job_rows alter column ${sql.id(column)} set statistics -1`.execute(db);
  }
  await sql`drop index import_job_rows_phone_key_idx`.execute(db);
  await sql`drop index import_job_rows_email_key_idx`.execute(db);
  await sql`alter table import_job_rows drop column conflict`.execute(db);
}
