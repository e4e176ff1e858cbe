/**
 * The notification centre (issue 14): every user's notifications, kept until read and after,
 * and the profile's switches stored per user (they were kept in the browser only).
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create table notifications (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    kind text not null check (kind in ('lead_assigned', 'follow_up_due', 'chat_message', 'mention', 'import_finished')),
    title text not null,
    body text not null default '',
    lead_id integer references leads(id) on delete cascade,
    group_id integer references lead_groups(id) on delete cascade,
    channel_id integer references chat_channels(id) on delete cascade,
    sender_id integer references users(id) on delete cascade,
    follow_up_id integer references follow_ups(id) on delete cascade,
    count integer not null default 1,
    collapse_key text,
    created_at timestamptz not null default now(),
    read_at timestamptz
  )`.execute(db);
  await sql`create index notifications_user_idx on notifications (user_id, id)`.execute(db);
  await sql`create index notifications_unread_idx on notifications (user_id, id) where read_at is null`.execute(db);
  // A conversation's unread streak is one notification: a busy channel writes nothing more until it is read.
  await sql`create unique index notifications_collapse_idx on notifications (user_id, collapse_key)
    where read_at is null and collapse_key is not null`.execute(db);
  // Deleting a lead or a follow-up removes what pointed at it.
  await sql`create index notifications_follow_up_idx on notifications (follow_up_id) where follow_up_id is not null`.execute(db);
  await sql`create index notifications_lead_idx on notifications (lead_id) where lead_id is not null`.execute(db);

  await sql`create table notification_preferences (
    user_id integer primary key references users(id) on delete cascade,
    emails boolean not null default true,
    chat_sounds boolean not null default true,
    browser boolean not null default true
  )`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop table if exists notification_preferences`.execute(db);
  await sql`drop table if exists notifications`.execute(db);
}
