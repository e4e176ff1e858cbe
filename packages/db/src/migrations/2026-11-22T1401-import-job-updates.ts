/**
 * 'Actualizar los existentes': an import's changes to leads that already exist wait here,
 * invisible, and are applied in the transaction that publishes the import.
 */
import type { Kysely } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('import_job_updates')
    .addColumn('job_id', 'integer', (c) => c.notNull().references('import_jobs.id').onDelete('cascade'))
    .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('description', 'text')
    .addColumn('address', 'text')
    .addColumn('domain', 'text')
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_job_updates_pkey', ['job_id', 'lead_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('import_job_updates').ifExists().execute();
}
