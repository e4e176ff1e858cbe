/**
 * Issue 29, contacts: the people of a lead (docs/contacts.md). Several per lead and at most one
 * primary, held by a partial unique index, which is also what the lead lists join on to show the
 * primary contact. Ctrl+K finds a lead by a contact's name, email or phone digits the way it finds
 * it by its own (migration 2100): search_text (the domain's normalisation of name and email, written
 * by the repository) and phone_key (the digits of the phone and of the WhatsApp number, generated),
 * each with a trigram index. An import stages the primary contact's columns beside the lead's.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

const digits = (column: string) => `coalesce(regexp_replace(${column}, '[^0-9]', '', 'g'), '')`;

export async function up(db: AnyDb): Promise<void> {
  await sql`create table contacts (
    id serial primary key,
    lead_id integer not null references leads (id) on delete cascade,
    name text not null check (btrim(name) <> ''),
    cargo text,
    email text,
    phone text,
    phone_has_whatsapp boolean not null default true,
    whatsapp_phone text,
    notes text,
    is_primary boolean not null default false,
    -- Values of the team's contact custom fields, by key (validated by the custom fields' service).
    custom_fields jsonb not null default '{}',
    search_text text not null,
    phone_key text generated always as (
      nullif(btrim(${sql.raw(digits('phone'))} || ' ' || ${sql.raw(digits('whatsapp_phone'))}), '')
    ) stored,
    created_by integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index contacts_one_primary_idx on contacts (lead_id) where is_primary`.execute(db);
  await sql`create index contacts_lead_idx on contacts (lead_id, id)`.execute(db);
  await sql`create index contacts_search_text_trgm_idx on contacts using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`create index contacts_phone_trgm_idx on contacts using gin (phone_key gin_trgm_ops) where phone_key is not null`.execute(db);

  await sql`alter table import_job_rows add column contact_name text, add column contact_cargo text,
    add column contact_email text, add column contact_phone text, add column contact_search_text text`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`alter table import_job_rows drop column if exists contact_name, drop column if exists contact_cargo,
    drop column if exists contact_email, drop column if exists contact_phone, drop column if exists contact_search_text`.execute(db);
  await sql`drop table if exists contacts`.execute(db);
}
