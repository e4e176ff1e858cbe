/**
 * Deleting a user deactivates them: the row stays, so their chat messages, history entries
 * and converted leads keep pointing at a name, and their username and email stay reserved.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('deactivated_at', 'timestamptz').execute();
  // The last-admin rule reads the active admins on every role change and deactivation.
  await sql`create index users_active_admins_idx on users (id) where system_role = 'admin' and deactivated_at is null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists users_active_admins_idx`.execute(db);
  await db.schema.alterTable('users').dropColumn('deactivated_at').execute();
}
