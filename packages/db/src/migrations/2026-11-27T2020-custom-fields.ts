/**
 * Issue 29, custom fields: the team's own fields on leads (and, once contacts exist, on contacts).
 * A definition's key and type never change, so the stored values always read the same way; a
 * definition is archived, never deleted, so its values are never lost. Lead values live in one
 * jsonb object on the lead; each definition gets an expression index of its own when it is
 * created (custom-fields.repository.ts), so a list filtered or sorted by it reads an index range.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create table custom_field_definitions (
    id serial primary key,
    entity text not null check (entity in ('lead', 'contact')),
    -- The key in the values' object, in the API and in filters: a slug written into SQL only
    -- after this check (and the domain's) held.
    key text not null check (key ~ '^[a-z][a-z0-9_]{0,39}$'),
    label text not null check (length(label) between 1 and 100),
    type text not null check (type in ('text', 'long_text', 'number', 'money', 'date', 'select',
      'multi_select', 'checkbox', 'url', 'email', 'phone')),
    options jsonb not null default '[]' check (jsonb_typeof(options) = 'array'),
    required boolean not null default false,
    position integer not null,
    archived_at timestamptz,
    created_by integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    -- An archived field keeps its key: a new field cannot take it and read its old values.
    unique (entity, key)
  )`.execute(db);
  // A fast default: adding the column rewrites no lead.
  await sql`alter table leads add column custom_fields jsonb not null default '{}'
    check (jsonb_typeof(custom_fields) = 'object')`.execute(db);
  // An import stages each row's custom values beside its lead columns.
  await sql`alter table import_job_rows add column custom_fields jsonb`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  const indexes = await sql<{ name: string }>`select indexname as name from pg_indexes
    where tablename = 'leads' and indexname like 'leads_cf_%'`.execute(db);
  for (const { name } of indexes.rows) await sql`drop index ${sql.id(name)}`.execute(db);
  await sql`alter table import_job_rows drop column custom_fields`.execute(db);
  await sql`alter table leads drop column custom_fields`.execute(db);
  await sql`drop table custom_field_definitions`.execute(db);
}
