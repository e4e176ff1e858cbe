/**
 * Issue 26, web forms: the forms an admin builds, each submission (which lead it made or joined,
 * where it came from), the per-address counts and spent proofs of work that keep spam out on every
 * replica, and the secret that signs the proofs' challenges (one per database, so every replica agrees).
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create table web_forms (
    id serial primary key,
    slug text not null,
    name text not null,
    fields jsonb not null,
    category text,
    role_id integer references custom_roles (id) on delete set null,
    thank_you_text text not null,
    redirect_url text,
    allowed_origins text[] not null default '{}',
    active boolean not null default true,
    created_by integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index web_forms_slug_unique on web_forms (slug)`.execute(db);
  await sql`create index web_forms_role_idx on web_forms (role_id) where role_id is not null`.execute(db);

  await sql`create table web_form_submissions (
    id serial primary key,
    form_id integer not null references web_forms (id) on delete cascade,
    lead_id integer references leads (id) on delete set null,
    outcome text not null check (outcome in ('created', 'merged')),
    page_url text,
    referrer text,
    utm jsonb not null default '{}',
    address_hash text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index web_form_submissions_form_idx on web_form_submissions (form_id, id desc)`.execute(db);
  // Deleting or merging a lead finds its submissions by this index instead of reading them all.
  await sql`create index web_form_submissions_lead_idx on web_form_submissions (lead_id) where lead_id is not null`.execute(db);

  // One row per address: the times of its submissions inside the window (login_attempts' shape).
  await sql`create table web_form_address_hits (
    address_hash text primary key,
    hit_at timestamptz[] not null
  )`.execute(db);
  // A solved challenge is good once: its signature is kept until the challenge would have expired anyway.
  await sql`create table web_form_spent_challenges (
    signature text primary key,
    expires_at timestamptz not null
  )`.execute(db);
  await sql`create index web_form_spent_challenges_expiry_idx on web_form_spent_challenges (expires_at)`.execute(db);

  await sql`create table app_secrets (
    name text primary key,
    value text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop table if exists app_secrets`.execute(db);
  await sql`drop table if exists web_form_spent_challenges`.execute(db);
  await sql`drop table if exists web_form_address_hits`.execute(db);
  await sql`drop table if exists web_form_submissions`.execute(db);
  await sql`drop table if exists web_forms`.execute(db);
}
