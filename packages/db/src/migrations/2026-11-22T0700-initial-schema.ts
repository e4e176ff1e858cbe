/** The whole schema of the first release. Frozen: later changes go in new migrations. */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('system_role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('team_member')
        .check(sql`system_role in ('admin', 'manager', 'team_member')`),
    )
    .addColumn('team_name', 'text')
    .addColumn('phone', 'text')
    .addColumn('bio', 'text')
    .addColumn('last_seen_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_username_lower_key on users (lower(username))`.execute(db);
  await sql`create unique index users_email_lower_key on users (lower(email))`.execute(db);

  await db.schema
    .createTable('profile_images')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey()) // sha-256 of the cookie token, never the token
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('username_key', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('login_attempts_username_idx').on('login_attempts').columns(['username_key', 'created_at']).execute();
  await db.schema.createIndex('login_attempts_ip_idx').on('login_attempts').columns(['ip', 'created_at']).execute();

  await db.schema
    .createTable('custom_roles')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('color', 'text', (c) => c.notNull().defaultTo('#6366f1'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('user_custom_roles')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('custom_roles.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('user_custom_roles_user_role_key', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_custom_roles_role_idx').on('user_custom_roles').column('role_id').execute();

  await db.schema
    .createTable('lead_groups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('assigned_role_id', 'integer', (c) => c.references('custom_roles.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('leads')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('nuevo')
        .check(sql`status in ('nuevo', 'contactado', 'interesado', 'convertido', 'perdido')`),
    )
    .addColumn('assigned_to', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('group_id', 'integer', (c) => c.references('lead_groups.id').onDelete('cascade'))
    .addColumn('contacted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('contacted_at', 'timestamptz')
    .addColumn('converted_at', 'timestamptz')
    .addColumn('address', 'text')
    .addColumn('domain', 'text')
    // Lower-cased, accent-free "name email" so search is case- and accent-insensitive.
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('leads_status_created_idx').on('leads').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('leads_group_idx').on('leads').columns(['group_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('leads_assigned_to_idx').on('leads').columns(['assigned_to', 'status']).execute();
  await db.schema.createIndex('leads_contacted_by_idx').on('leads').column('contacted_by').execute();
  await db.schema.createIndex('leads_created_at_idx').on('leads').columns(['created_at', 'id']).execute();
  await sql`create index leads_email_lower_idx on leads (lower(email))`.execute(db);
  await db.schema.createIndex('leads_phone_idx').on('leads').column('phone').execute();

  await db.schema
    .createTable('conversation_tracking')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('lead_id', 'integer', (c) => c.notNull().unique().references('leads.id').onDelete('cascade'))
    .addColumn('progress_level', 'text', (c) => c.notNull().defaultTo('sin_respuesta'))
    .addColumn('messages_from_lead', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`messages_from_lead >= 0`),
    )
    .addColumn('messages_to_lead', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`messages_to_lead >= 0`),
    )
    .addColumn('has_responded', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_contact_date', 'date', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('receiver_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('chat_messages_pair_idx').on('chat_messages').columns(['sender_id', 'receiver_id', 'id']).execute();
  await db.schema.createIndex('chat_messages_receiver_unread_idx').on('chat_messages').columns(['receiver_id', 'is_read']).execute();

  await db.schema
    .createTable('activities')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('lead_id', 'integer', (c) => c.references('leads.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('activities_created_idx').on('activities').columns(['created_at', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'activities',
    'chat_messages',
    'conversation_tracking',
    'leads',
    'lead_groups',
    'user_custom_roles',
    'custom_roles',
    'login_attempts',
    'sessions',
    'profile_images',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
