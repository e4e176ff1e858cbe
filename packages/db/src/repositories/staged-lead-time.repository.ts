/**
 * The time a staged import's leads share, and the ranges a list sorted by creation reads around it
 * (migration 2026-11-25T0900).
 *
 * Every lead an import writes takes its group's created_at (the claim's now()), so while the group
 * is staged its leads are one run of the (created_at, id) indexes. Other leads get created_at from
 * their own transaction's now(). Reading around that time hides exactly the import's leads once no
 * other lead has that created_at and none can still get it; makeStagedTimeExclusive establishes
 * that, in a batch's transaction:
 * 1. the clock has passed the group's time, so a transaction starting now gets a later now(), and
 *    no other session of the database is in a transaction that started at or before it (PostgreSQL
 *    shows a role the start of its own sessions' transactions: the app's, which write the leads);
 * 2. then, in a later statement (a newer snapshot, which sees what those transactions committed),
 *    no lead outside the group has that created_at.
 * Until both hold the lists walk the import's leads as before; when a lead shares the time (two
 * transactions started in the same microsecond) they
 * always will, for that import.
 */
import type { SortDirection } from '@crm/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DbOrTrx } from '../types.js';

/** exclusive: the lists step over the group's leads; pending: ask again at the next batch; shared: never, for this import. */
export type StagedTimeState = 'exclusive' | 'pending' | 'shared';

export async function makeStagedTimeExclusive(db: DbOrTrx, groupId: number): Promise<StagedTimeState> {
  const { rows: settled } = await sql<{ settled: boolean }>`
    select clock_timestamp() > g.created_at and not exists (
        select 1 from pg_stat_activity activity
        where activity.pid <> pg_backend_pid() and activity.datname = current_database() and activity.xact_start <= g.created_at
      ) as settled
    from lead_groups g where g.id = ${groupId}`.execute(db);
  if (settled[0]?.settled !== true) return 'pending';
  const { rows: marked } = await sql<{ id: number }>`
    update lead_groups g set staged_time_exclusive = true
    where g.id = ${groupId}
      and not exists (select 1 from leads where leads.created_at = g.created_at and leads.group_id is distinct from g.id)
    returning g.id`.execute(db);
  return marked.length > 0 ? 'exclusive' : 'shared';
}

/** The times of the staged groups (being written, or retired and being deleted) whose leads alone have them, oldest first. */
export async function exclusiveStagedTimes(db: DbOrTrx): Promise<string[]> {
  const rows = await db
    .selectFrom('lead_groups')
    .select(sql<string>`created_at::text`.as('created_at'))
    .where('staged', '=', true)
    .where('staged_time_exclusive', '=', true)
    .groupBy('created_at')
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.created_at);
}

/**
 * The ranges of created_at between those times, in the order a list in `direction` reads them:
 * each one index range, started and stopped on created_at alone. No times: one range, everything.
 */
export function rangesAroundStagedTimes(times: readonly string[], direction: SortDirection): RawBuilder<SqlBool>[] {
  const at = (time: string) => sql`${time}::timestamptz`;
  const ranges = times.map((time, index) => {
    const below = times[index - 1];
    return below === undefined
      ? sql<SqlBool>`leads.created_at < ${at(time)}`
      : sql<SqlBool>`leads.created_at > ${at(below)} and leads.created_at < ${at(time)}`;
  });
  const last = times.at(-1);
  ranges.push(last === undefined ? sql<SqlBool>`true` : sql<SqlBool>`leads.created_at > ${at(last)}`);
  return direction === 'asc' ? ranges : ranges.reverse();
}
