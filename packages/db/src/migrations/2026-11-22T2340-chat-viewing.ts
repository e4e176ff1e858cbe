/**
 * Which conversation each open tab shows (issue 14: a message in the conversation someone is
 * looking at notifies nobody). A row per tab that reported one, with an expiry its heartbeat
 * pushes forward; the send statement reads it, so every replica sees every tab. Unlogged: after a
 * crash nobody is looking at anything until their tabs report again.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create unlogged table chat_viewing (
    user_id integer not null references users(id) on delete cascade,
    tab_id uuid not null,
    collapse_key text not null,
    expires_at timestamptz not null,
    primary key (user_id, tab_id)
  )`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop table if exists chat_viewing`.execute(db);
}
