/**
 * Chat attachments are stored in 256 KB chunks: writing or reading 10 MB as one value made the
 * server encode or decode it in one go, a pause every other request on that replica waited out.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('chat_attachment_chunks')
    .addColumn('attachment_id', 'integer', (c) => c.notNull().references('chat_attachments.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_attachment_chunks_pk', ['attachment_id', 'seq'])
    .execute();
  await sql`insert into chat_attachment_chunks (attachment_id, seq, data) select id, 0, data from chat_attachments`.execute(db);
  await db.schema.alterTable('chat_attachments').dropColumn('data').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('chat_attachments').addColumn('data', 'bytea').execute();
  await sql`update chat_attachments a set data = (select string_agg(c.data, ''::bytea order by c.seq) from chat_attachment_chunks c where c.attachment_id = a.id)`.execute(
    db,
  );
  await db.schema.dropTable('chat_attachment_chunks').execute();
}
