/**
 * Issue 28: a per-user attachment quota and a daily sweep of attachments never sent. The quota sums
 * a user's sizes from an index alone; the sweep finds old attachments by their upload time.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create index chat_attachments_uploader_size_idx on chat_attachments (uploader_id) include (size)`.execute(db);
  await sql`create index chat_attachments_created_idx on chat_attachments (created_at)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists chat_attachments_created_idx`.execute(db);
  await sql`drop index if exists chat_attachments_uploader_size_idx`.execute(db);
}
