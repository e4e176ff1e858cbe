/**
 * Issue 27: an import's stored file (`import_job_chunks`) is kept as it came, not compressed. It is
 * written once when uploaded and read once when the import runs, both on the import's path; pglz
 * spent CPU on each 1 MB chunk both ways, and a workbook, already a zip, does not compress at all.
 * The file is removed when its import ends, or a day after an upload that was never started.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table import_job_chunks alter column data set storage external`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`alter table import_job_chunks alter column data set storage extended`.execute(db);
}
