/**
 * Team conversations beside the one-to-one chat: channels (General, one per custom role, one per
 * manager's team, and group chats), their messages in chat_messages (a channel message has a
 * channel and no receiver), how far each member has read, attachments and shared leads.
 * Membership of the automatic channels is not stored but derived (the view
 * chat_channel_membership), so it follows role assignments, team names and deactivations at once.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('chat_channels')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('general', 'role', 'team', 'group')`))
    // Only group chats store a name; the others take theirs from the role or the team.
    .addColumn('name', 'text')
    .addColumn('custom_role_id', 'integer', (c) => c.unique().references('custom_roles.id').onDelete('cascade'))
    .addColumn('manager_id', 'integer', (c) => c.unique().references('users.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index chat_channels_one_general on chat_channels (kind) where kind = 'general'`.execute(db);
  await sql`insert into chat_channels (kind) values ('general')`.execute(db);

  await db.schema
    .createTable('chat_channel_members')
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('chat_channels.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('chat_channel_members_pk', ['channel_id', 'user_id'])
    .execute();
  await db.schema.createIndex('chat_channel_members_user_idx').on('chat_channel_members').column('user_id').execute();

  // Who belongs where, for every kind: the one definition of channel membership.
  await sql`
    create view chat_channel_membership as
      select c.id as channel_id, u.id as user_id
      from chat_channels c join users u on u.deactivated_at is null
      where c.kind = 'general'
    union
      select c.id, u.id
      from chat_channels c
      join user_custom_roles ucr on ucr.role_id = c.custom_role_id
      join users u on u.id = ucr.user_id and u.deactivated_at is null
      where c.kind = 'role'
    union
      select c.id, u.id
      from chat_channels c
      join users m on m.id = c.manager_id and m.deactivated_at is null and m.system_role = 'manager' and m.team_name is not null
      join users u on u.deactivated_at is null and (u.id = m.id or lower(u.team_name) = lower(m.team_name))
      where c.kind = 'team'
    union
      select c.id, u.id
      from chat_channels c
      join chat_channel_members cm on cm.channel_id = c.id
      join users u on u.id = cm.user_id and u.deactivated_at is null
      where c.kind = 'group'
  `.execute(db);

  await db.schema
    .createTable('chat_channel_reads')
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('chat_channels.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_read_message_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_channel_reads_pk', ['channel_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('chat_attachments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('uploader_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('image', 'document')`))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('chat_messages')
    .alterColumn('receiver_id', (c) => c.dropNotNull())
    .execute();
  await db.schema
    .alterTable('chat_messages')
    .addColumn('channel_id', 'integer', (c) => c.references('chat_channels.id').onDelete('cascade'))
    .addColumn('attachment_id', 'integer', (c) => c.unique().references('chat_attachments.id').onDelete('set null'))
    .addColumn('lead_id', 'integer', (c) => c.references('leads.id').onDelete('set null'))
    .execute();
  await sql`alter table chat_messages add constraint chat_messages_one_target check ((receiver_id is null) <> (channel_id is null))`.execute(
    db,
  );
  await db.schema.createIndex('chat_messages_channel_idx').on('chat_messages').columns(['channel_id', 'id']).execute();
  // The rate limit counts a sender's recent messages in every conversation.
  await db.schema.createIndex('chat_messages_sender_time_idx').on('chat_messages').columns(['sender_id', 'created_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await sql`delete from chat_messages where channel_id is not null`.execute(db);
  await db.schema.dropIndex('chat_messages_sender_time_idx').ifExists().execute();
  await sql`alter table chat_messages drop constraint if exists chat_messages_one_target`.execute(db);
  await db.schema.alterTable('chat_messages').dropColumn('channel_id').dropColumn('attachment_id').dropColumn('lead_id').execute();
  await db.schema
    .alterTable('chat_messages')
    .alterColumn('receiver_id', (c) => c.setNotNull())
    .execute();
  await db.schema.dropTable('chat_attachments').ifExists().execute();
  await db.schema.dropTable('chat_channel_reads').ifExists().execute();
  await sql`drop view if exists chat_channel_membership`.execute(db);
  await db.schema.dropTable('chat_channel_members').ifExists().execute();
  await db.schema.dropTable('chat_channels').ifExists().execute();
}
