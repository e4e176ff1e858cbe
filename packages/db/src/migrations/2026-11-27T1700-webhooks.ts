/**
 * Issue 26, webhooks: the endpoints an admin registers and the outbox of deliveries, written in the
 * same transaction as the change they announce and sent afterwards from the job queue. The
 * notification centre learns the 'webhook paused' kind.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create table webhook_endpoints (
    id serial primary key,
    url text not null,
    description text not null default '',
    events text[] not null,
    secret text not null,
    previous_secret text,
    previous_secret_until timestamptz,
    paused boolean not null default false,
    paused_reason text,
    failing_since timestamptz,
    created_by integer references users(id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table webhook_deliveries (
    id bigserial primary key,
    event_id text not null,
    endpoint_id integer not null references webhook_endpoints(id) on delete cascade,
    event_type text not null,
    lead_id integer,
    payload jsonb not null,
    status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    give_up_at timestamptz not null default now() + interval '24 hours',
    leased_until timestamptz,
    last_status_code integer,
    last_error text,
    duration_ms integer,
    last_attempt_at timestamptz,
    delivered_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  // The delivery log, newest first per endpoint.
  await sql`create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, id)`.execute(db);
  // What is left to send, by due time, and each lead's queue (the head blocks the rest).
  await sql`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending'`.execute(db);
  await sql`create index webhook_deliveries_lead_queue_idx on webhook_deliveries (endpoint_id, lead_id, id)
    where status = 'pending' and lead_id is not null`.execute(db);
  // The sweep drops old finished rows by age.
  await sql`create index webhook_deliveries_created_idx on webhook_deliveries (created_at) where status <> 'pending'`.execute(db);

  await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
  await sql`alter table notifications add constraint notifications_kind_check
    check (kind in ('lead_assigned', 'follow_up_due', 'chat_message', 'mention', 'import_finished', 'webhook_paused'))`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`delete from notifications where kind = 'webhook_paused'`.execute(db);
  await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
  await sql`alter table notifications add constraint notifications_kind_check
    check (kind in ('lead_assigned', 'follow_up_due', 'chat_message', 'mention', 'import_finished'))`.execute(db);
  await sql`drop table if exists webhook_deliveries`.execute(db);
  await sql`drop table if exists webhook_endpoints`.execute(db);
}
