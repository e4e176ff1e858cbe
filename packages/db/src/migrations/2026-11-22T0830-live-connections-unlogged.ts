/** Presence rows are ephemeral: unlogged, so opening and beating a connection costs no WAL flush. After a crash the table starts empty and replicas write their rows back on the next beat. */
import { type Kysely, sql } from 'kysely';

// Kysely<any>: a migration is frozen in time and must not follow later table types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table live_connections set unlogged`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`alter table live_connections set logged`.execute(db);
}
