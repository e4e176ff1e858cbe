/**
 * Issue 25, a team's first day: the team settings (one row; none means the defaults of
 * docs/settings.md), the call counter that 'Registrar llamada' moves, and the leads each
 * 'Te asignaron N leads' notification stands for, so opening it shows exactly those.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  // The key can only be true: a second row cannot exist, and an upsert finds the one row.
  await sql`create table team_settings (
    id boolean primary key default true check (id),
    country text not null,
    currency text not null,
    locale text not null,
    time_zone text not null,
    working_days smallint[] not null,
    updated_by integer references users (id) on delete set null,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`alter table conversation_tracking add column calls integer not null default 0 check (calls >= 0)`.execute(db);
  await sql`create table notification_leads (
    notification_id integer not null references notifications (id) on delete cascade,
    lead_id integer not null references leads (id) on delete cascade,
    primary key (notification_id, lead_id)
  )`.execute(db);
  // Deleting leads (a group, a bulk delete) cascades here: by lead it must not scan the table.
  await sql`create index notification_leads_lead_idx on notification_leads (lead_id)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop table if exists notification_leads`.execute(db);
  await sql`alter table conversation_tracking drop column if exists calls`.execute(db);
  await sql`drop table if exists team_settings`.execute(db);
}
