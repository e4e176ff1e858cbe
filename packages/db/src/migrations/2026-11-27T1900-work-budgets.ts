/**
 * Issue 28: each user's budget for expensive work (searches, the board, exports, Ctrl+K, streams), a
 * token bucket per user shared by every session and replica. Unlogged: a crash that forgets the
 * buckets only gives everyone a full one.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`
    create unlogged table user_work_budgets (
      user_id integer primary key references users (id) on delete cascade,
      tokens double precision not null,
      updated_at timestamptz not null
    )`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop table if exists user_work_budgets`.execute(db);
}
