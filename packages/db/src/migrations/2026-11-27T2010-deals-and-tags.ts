/**
 * Issue 29, deal value and tags (docs/leads.md, 'Valor del trato' and 'Etiquetas'): a lead's amount
 * (exact numeric, never a float), its currency, expected close date and lost reason; the team's
 * value per conversion (a lead's value without an amount); free coloured tags, one per normalised name.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table leads
    add column amount numeric(14, 2) check (amount >= 0),
    add column currency text check (currency ~ '^[A-Z]{3}$'),
    add column expected_close_date date,
    add column lost_reason text check (char_length(lost_reason) <= 500)`.execute(db);
  // An amount always says its currency; a lead without one has none.
  await sql`alter table leads add constraint leads_amount_currency check ((amount is null) = (currency is null))`.execute(db);
  await sql`alter table team_settings
    add column value_per_conversion numeric(14, 2) not null default 1500 check (value_per_conversion >= 0)`.execute(db);
  // The key is the name lower-cased with its spaces collapsed: 'Cliente VIP' and ' cliente  vip' are one tag.
  await sql`create table tags (
    id serial primary key,
    name text not null check (char_length(name) between 1 and 40),
    name_key text generated always as (lower(regexp_replace(btrim(name), '\\s+', ' ', 'g'))) stored,
    color text not null check (color ~ '^#[0-9a-f]{6}$'),
    created_by integer references users (id) on delete set null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index tags_name_key_idx on tags (name_key)`.execute(db);
  await sql`create table lead_tags (
    lead_id integer not null references leads (id) on delete cascade,
    tag_id integer not null references tags (id) on delete cascade,
    primary key (lead_id, tag_id)
  )`.execute(db);
  // Filtering a list by a tag, and deleting a tag, read by tag.
  await sql`create index lead_tags_tag_idx on lead_tags (tag_id, lead_id)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop table if exists lead_tags`.execute(db);
  await sql`drop table if exists tags`.execute(db);
  await sql`alter table team_settings drop column if exists value_per_conversion`.execute(db);
  await sql`alter table leads drop constraint if exists leads_amount_currency`.execute(db);
  await sql`alter table leads
    drop column if exists lost_reason,
    drop column if exists expected_close_date,
    drop column if exists currency,
    drop column if exists amount`.execute(db);
}
