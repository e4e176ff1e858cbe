/**
 * Issue 28: how many expensive calls each user has running at once, over every session and replica:
 * a few leased slots per user. A lease ends when its call does, or by itself when a replica died
 * holding it. Unlogged like the budgets: a crash only frees every slot.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`
    create unlogged table user_work_slots (
      user_id integer not null references users (id) on delete cascade,
      slot smallint not null,
      token uuid not null,
      held_until timestamptz not null,
      primary key (user_id, slot)
    )`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop table if exists user_work_slots`.execute(db);
}
