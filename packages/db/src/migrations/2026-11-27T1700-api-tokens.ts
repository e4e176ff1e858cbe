/**
 * Issue 26: personal API tokens (only the SHA-256 of the secret is kept) and their per-minute
 * request counters, one row per token, shared by every replica. The counters are unlogged:
 * losing a minute of counts in a crash is harmless, and a write per request stays cheap.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`
    create table api_tokens (
      id serial primary key,
      user_id integer not null references users (id) on delete cascade,
      name text not null,
      token_hash text not null,
      scope text not null check (scope in ('read', 'write')),
      expires_at timestamptz,
      created_at timestamptz not null default now(),
      last_used_at timestamptz,
      last_used_ip text,
      revoked_at timestamptz,
      constraint api_tokens_token_hash_key unique (token_hash)
    )`.execute(db);
  await sql`create index api_tokens_user_idx on api_tokens (user_id)`.execute(db);
  await sql`
    create unlogged table api_token_usage (
      token_id integer primary key references api_tokens (id) on delete cascade,
      window_start timestamptz not null,
      used integer not null
    )`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop table if exists api_token_usage`.execute(db);
  await sql`drop table if exists api_tokens`.execute(db);
}
