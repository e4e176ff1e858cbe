/**
 * Issue 28: the audit log. Append-only: the application never updates or deletes a row (a trigger
 * refuses it), except the retention purge, which deletes rows older than the kept period through
 * the one function allowed to.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`
    create table audit_log (
      id bigserial primary key,
      at timestamptz not null default now(),
      -- No foreign key: the log outlives anything it names, and a cascade would have to rewrite it.
      actor_id integer,
      actor_name text,
      api_token_id integer,
      ip text,
      action text not null,
      summary text,
      target_type text,
      target_id text,
      details jsonb not null default '{}'::jsonb
    )`.execute(db);
  await sql`create index audit_log_at_idx on audit_log (at desc, id desc)`.execute(db);
  await sql`create index audit_log_actor_idx on audit_log (actor_id, at desc)`.execute(db);
  await sql`create index audit_log_action_idx on audit_log (action, at desc)`.execute(db);
  // Append-only: only a purge that says so (the retention job) may delete, and nothing may update.
  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' and current_setting('crm.audit_purge', true) = 'on' then
        return old;
      end if;
      raise exception 'audit_log is append-only';
    end $$`.execute(db);
  await sql`
    create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop table if exists audit_log`.execute(db);
  await sql`drop function if exists audit_log_append_only()`.execute(db);
}
