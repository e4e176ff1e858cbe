/**
 * Each sender's recent send times, the chat rate limit's count (issue 14): kept on one row per
 * sender, whose row lock orders two sends of the same person, a send is one statement with no
 * transaction of its own to open, lock and commit (it counted chat_messages under an advisory lock).
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create table chat_send_times (
    user_id integer primary key references users(id) on delete cascade,
    recent timestamptz[] not null
  )`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop table if exists chat_send_times`.execute(db);
}
