/**
 * Issue 28: a second factor (TOTP with one-time recovery codes), the short-lived challenge between
 * the password and the code, which roles require it, and one-time password reset links. Every
 * token and recovery code is stored as its SHA-256 only.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`
    create table user_second_factors (
      user_id integer primary key references users(id) on delete cascade,
      secret text not null,
      confirmed_at timestamptz,
      last_used_step integer,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table second_factor_recovery_codes (
      user_id integer not null references users(id) on delete cascade,
      code_hash text not null,
      used_at timestamptz,
      primary key (user_id, code_hash)
    )`.execute(db);
  await sql`
    create table login_challenges (
      id text primary key,
      user_id integer not null references users(id) on delete cascade,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index login_challenges_user_idx on login_challenges (user_id)`.execute(db);
  await sql`create index login_challenges_expires_idx on login_challenges (expires_at)`.execute(db);
  await sql`
    create table two_factor_requirements (
      id serial primary key,
      system_role text unique check (system_role in ('admin', 'manager', 'team_member')),
      custom_role_id integer unique references custom_roles(id) on delete cascade,
      check ((system_role is null) <> (custom_role_id is null))
    )`.execute(db);
  await sql`
    create table password_reset_links (
      id text primary key,
      user_id integer not null references users(id) on delete cascade,
      created_by integer references users(id) on delete set null,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index password_reset_links_user_idx on password_reset_links (user_id)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop table if exists password_reset_links`.execute(db);
  await sql`drop table if exists two_factor_requirements`.execute(db);
  await sql`drop table if exists login_challenges`.execute(db);
  await sql`drop table if exists second_factor_recovery_codes`.execute(db);
  await sql`drop table if exists user_second_factors`.execute(db);
}
