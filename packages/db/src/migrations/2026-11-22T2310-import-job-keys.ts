/**
 * The dedup keys (email and phone keys) of an import's rows that matched a lead already in the
 * database (skipped as duplicates, or updating it), so a later row of the same file repeating one
 * is told apart as a repetition within the file. The rows the import inserts need no entry: their
 * keys are in its staged group's leads. Before, the runner kept every key of the file in memory,
 * which grew with the file (hundreds of MB for 100 MB).
 */
import type { Kysely } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('import_job_keys')
    .addColumn('job_id', 'integer', (c) => c.notNull().references('import_jobs.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_job_keys_pkey', ['job_id', 'key'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('import_job_keys').ifExists().execute();
}
