/** Saved views (issue 12): a person's named filters and view of the leads list, shown as chips above it. */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create table saved_views (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    name text not null,
    view text not null check (view in ('table', 'cards', 'board')),
    filters jsonb not null default '{}'::jsonb,
    created_at timestamptz not null default now()
  )`.execute(db);
  // 'Mis leads' and 'mis leads' would be two chips nobody can tell apart: one name per person, whatever its case.
  await sql`create unique index saved_views_user_name_key on saved_views (user_id, lower(name))`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop table if exists saved_views`.execute(db);
}
