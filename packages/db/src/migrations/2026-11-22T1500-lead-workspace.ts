/**
 * The seller's workspace (issue 11): every lead's history, its notes and follow-ups, and the
 * sort keys and indexes that keep each sorted list page an index range read at 100k leads.
 * Nullable sort keys get partial indexes: nulls come last as their own segment (read by id), and
 * the many imported leads that have none cost no index write.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  // The board's order (nuevo → perdido), so 'status' sorts as the pipeline reads, not alphabetically.
  await sql`alter table leads add column status_rank smallint generated always as (case status
      when 'nuevo' then 1 when 'contactado' then 2 when 'interesado' then 3 when 'convertido' then 4 else 5 end) stored`.execute(db);
  // The earliest open follow-up's due time, kept by the follow-up writes in their transaction.
  await sql`alter table leads add column next_follow_up_at timestamptz`.execute(db);
  await sql`create index leads_name_sort_idx on leads (name, id)`.execute(db);
  await sql`create index leads_category_sort_idx on leads (category, id)`.execute(db);
  await sql`create index leads_status_sort_idx on leads (status_rank, id)`.execute(db);
  await sql`create index leads_contacted_at_sort_idx on leads (contacted_at, id) where contacted_at is not null`.execute(db);
  await sql`create index leads_next_follow_up_sort_idx on leads (next_follow_up_at, id) where next_follow_up_at is not null`.execute(db);
  await sql`create index leads_assignee_created_idx on leads (assigned_to, created_at, id) where assigned_to is not null`.execute(db);

  await db.schema
    .createTable('lead_history')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    // Users are deactivated, never deleted: the id keeps resolving to the name.
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('changes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index lead_history_lead_idx on lead_history (lead_id, id desc)`.execute(db);

  await db.schema
    .createTable('lead_notes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index lead_notes_lead_idx on lead_notes (lead_id, id desc)`.execute(db);

  await db.schema
    .createTable('follow_ups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('done_at', 'timestamptz')
    // Set once the owner was told it fell due; a reschedule clears it.
    .addColumn('reminded_at', 'timestamptz')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index follow_ups_lead_open_idx on follow_ups (lead_id, due_at, id) where done_at is null`.execute(db);
  await sql`create index follow_ups_owner_open_idx on follow_ups (owner_id, due_at, id) where done_at is null`.execute(db);
  await sql`create index follow_ups_open_due_idx on follow_ups (due_at, id) where done_at is null`.execute(db);
  await sql`create index follow_ups_unreminded_idx on follow_ups (due_at) where done_at is null and reminded_at is null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('follow_ups').ifExists().execute();
  await db.schema.dropTable('lead_notes').ifExists().execute();
  await db.schema.dropTable('lead_history').ifExists().execute();
  for (const index of [
    'leads_assignee_created_idx',
    'leads_next_follow_up_sort_idx',
    'leads_contacted_at_sort_idx',
    'leads_status_sort_idx',
    'leads_category_sort_idx',
    'leads_name_sort_idx',
  ]) {
    await sql`drop index if exists ${sql.raw(index)}`.execute(db);
  }
  await sql`alter table leads drop column if exists next_follow_up_at`.execute(db);
  await sql`alter table leads drop column if exists status_rank`.execute(db);
}
