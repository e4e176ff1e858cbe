/** Leads at scale: a trigram index for substring search and normalized email/phone keys for de-duplication. */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  // pg_trgm is a trusted extension (PostgreSQL 13+), so the database owner may create it.
  await sql`create extension if not exists pg_trgm`.execute(db);
  // search_text is "name email" lowercased without accents (written by the repository), so
  // `search_text like '%term%'` is the case- and accent-insensitive search, served by this index.
  await sql`create index leads_search_text_trgm_idx on leads using gin (search_text gin_trgm_ops)`.execute(db);

  // Generated, so every writer (API, import, seed scripts) gets the same keys. domain/leads/dedup-keys.ts mirrors them.
  await sql`alter table leads add column email_key text generated always as (nullif(lower(btrim(email)), '')) stored`.execute(db);
  await sql`alter table leads add column phone_key text generated always as (
    case when length(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')) >= 6
      then regexp_replace(phone, '[^0-9]', '', 'g') end
  ) stored`.execute(db);
  await sql`create index leads_email_key_idx on leads (email_key) where email_key is not null`.execute(db);
  await sql`create index leads_phone_key_idx on leads (phone_key) where phone_key is not null`.execute(db);

  // The two tabs' predicates, so their lists and counts read one narrow index instead of the table.
  await sql`create index leads_active_ungrouped_idx on leads (created_at desc, id desc)
    where group_id is null and contacted_at is null and status in ('nuevo', 'perdido')`.execute(db);
  await sql`create index leads_contacted_idx on leads (created_at desc, id desc)
    where contacted_at is not null or status in ('contactado', 'interesado', 'convertido')`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists leads_contacted_idx`.execute(db);
  await sql`drop index if exists leads_active_ungrouped_idx`.execute(db);
  await sql`drop index if exists leads_phone_key_idx`.execute(db);
  await sql`drop index if exists leads_email_key_idx`.execute(db);
  await sql`alter table leads drop column if exists phone_key`.execute(db);
  await sql`alter table leads drop column if exists email_key`.execute(db);
  await sql`drop index if exists leads_search_text_trgm_idx`.execute(db);
}
