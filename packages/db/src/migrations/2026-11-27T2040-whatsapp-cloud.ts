/**
 * Issue 30, the WhatsApp Business Platform (Cloud API) connection: one row of settings (the access
 * token and the app secret only as AES-256-GCM ciphertext: the key never enters the database) and
 * the account's message templates as last synced from Meta.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create table whatsapp_settings (
    singleton boolean primary key default true check (singleton),
    phone_number_id text,
    business_account_id text,
    access_token_sealed text,
    app_secret_sealed text,
    verify_token text not null,
    graph_base_url text not null,
    graph_version text not null,
    -- The custom role whose distribution rule gets the leads a WhatsApp message creates.
    distribution_role_id integer references custom_roles (id) on delete set null,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table whatsapp_templates (
    id text primary key,
    name text not null,
    language text not null,
    status text not null,
    category text,
    components jsonb not null default '[]',
    synced_at timestamptz not null default now(),
    unique (name, language)
  )`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop table if exists whatsapp_templates`.execute(db);
  await sql`drop table if exists whatsapp_settings`.execute(db);
}
