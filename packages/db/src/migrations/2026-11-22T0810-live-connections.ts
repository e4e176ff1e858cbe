/** Presence: one row per open live connection (any replica), kept fresh by a heartbeat. */
import { type Kysely, sql } from 'kysely';

// Kysely<any>: a migration is frozen in time and must not follow later table types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('live_connections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('replica_id', 'text', (c) => c.notNull())
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('heartbeat_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('live_connections_user_idx').on('live_connections').columns(['user_id', 'heartbeat_at']).execute();
  await db.schema.createIndex('live_connections_replica_idx').on('live_connections').column('replica_id').execute();
  // The chat rate limit counts a sender's recent messages on every send.
  await db.schema.createIndex('chat_messages_sender_created_idx').on('chat_messages').columns(['sender_id', 'created_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('chat_messages_sender_created_idx').ifExists().execute();
  await db.schema.dropTable('live_connections').ifExists().execute();
}
