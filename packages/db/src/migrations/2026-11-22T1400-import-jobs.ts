/**
 * Imports as jobs kept in the database, so any replica reports on one and exactly one runs it.
 * The uploaded file is kept in chunks (the replica that runs the job may not be the one that
 * received it); skipped rows are kept as they were, for errors.csv. A group being imported is
 * `staged`: its leads are written batch by batch in short transactions but stay out of every
 * list, count and search until the job publishes the group (one small update).
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('lead_groups')
    .addColumn('staged', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  // Few groups are ever staged at once: the lists' "not staged" test reads this tiny index.
  await sql`create index lead_groups_staged_idx on lead_groups (id) where staged`.execute(db);

  await db.schema
    .createTable('import_jobs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_size', 'bigint', (c) => c.notNull())
    /** JSON: how the file is read (format, encoding, delimiter, sheet) and its header. */
    .addColumn('source', 'text', (c) => c.notNull())
    /** JSON: the settings given at start (group name, role, mapping, duplicates rule). */
    .addColumn('settings', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('uploaded'))
    .addColumn('cancel_requested', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('rows_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_estimate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('group_id', 'integer', (c) => c.references('lead_groups.id').onDelete('set null'))
    .addColumn('failure', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('import_jobs_created_by_idx').on('import_jobs').columns(['created_by', 'id']).execute();
  await sql`create index import_jobs_running_idx on import_jobs (id) where status = 'running'`.execute(db);

  await db.schema
    .createTable('import_job_chunks')
    .addColumn('job_id', 'integer', (c) => c.notNull().references('import_jobs.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_job_chunks_pkey', ['job_id', 'seq'])
    .execute();

  await db.schema
    .createTable('import_job_rejects')
    .addColumn('job_id', 'integer', (c) => c.notNull().references('import_jobs.id').onDelete('cascade'))
    .addColumn('row_number', 'integer', (c) => c.notNull())
    /** JSON array: the row's cells as the file had them. */
    .addColumn('cells', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_job_rejects_pkey', ['job_id', 'row_number'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('import_job_rejects').ifExists().execute();
  await db.schema.dropTable('import_job_chunks').ifExists().execute();
  await db.schema.dropTable('import_jobs').ifExists().execute();
  await sql`drop index if exists lead_groups_staged_idx`.execute(db);
  await db.schema.alterTable('lead_groups').dropColumn('staged').execute();
}
