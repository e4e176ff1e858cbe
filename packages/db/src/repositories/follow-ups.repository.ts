/**
 * Follow-ups: reads for 'Mis seguimientos' and the badge, writes that keep the lead's
 * next_follow_up_at in step (same transaction), and the reminder loop's claim of due rows.
 */
import { type FollowUp, type FollowUpDue, followUpWindows } from '@crm/domain';
import { sql } from 'kysely';
import type { DbOrTrx } from '../types.js';
import { personNameSql } from './person-name.js';
import { type LeadReader, visibleLeads } from './lead-visibility.repository.js';

export interface FollowUpRow {
  id: number;
  leadId: number;
  ownerId: number;
  dueAt: Date;
  note: string | null;
  doneAt: Date | null;
}

export interface FollowUpQuery {
  /** One owner's ('mine'), or everyone's when absent ('team'). */
  ownerId?: number;
  /** Only follow-ups on leads the reader sees. */
  reader: LeadReader;
  due: FollowUpDue;
  done: boolean;
  now: Date;
  /** The team's time zone: where 'today' ends. */
  timeZone: string;
  limit: number;
}

function selectFollowUps(db: DbOrTrx) {
  return db
    .selectFrom('follow_ups as f')
    .innerJoin('leads as l', 'l.id', 'f.lead_id')
    .innerJoin('users as owner', 'owner.id', 'f.owner_id')
    .select([
      'f.id',
      'f.lead_id',
      'f.due_at',
      'f.note',
      'f.done_at',
      'f.owner_id',
      personNameSql('owner').as('owner_name'),
      'l.name as lead_name',
      'l.phone as lead_phone',
      'l.status as lead_status',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectFollowUps>['executeTakeFirstOrThrow']>>;

function toFollowUp(row: Row): FollowUp {
  return {
    id: row.id,
    leadId: row.lead_id,
    lead: { id: row.lead_id, name: row.lead_name, phone: row.lead_phone, status: row.lead_status },
    dueAt: row.due_at,
    note: row.note,
    owner: { id: row.owner_id, name: row.owner_name },
    doneAt: row.done_at,
  };
}

/** Open ones by due time (overdue first); done ones most recently done first. */
export async function listFollowUps(db: DbOrTrx, query: FollowUpQuery): Promise<FollowUp[]> {
  const { endOfToday, endOfUpcoming } = followUpWindows(query.now, query.timeZone);
  let select = selectFollowUps(db)
    .where('f.done_at', query.done ? 'is not' : 'is', null)
    .where(visibleLeads(query.reader, 'l'));
  if (query.ownerId !== undefined) select = select.where('f.owner_id', '=', query.ownerId);
  if (query.due === 'overdue') select = select.where('f.due_at', '<', query.now);
  if (query.due === 'today') select = select.where('f.due_at', '>=', query.now).where('f.due_at', '<', endOfToday);
  if (query.due === 'upcoming') select = select.where('f.due_at', '>=', endOfToday).where('f.due_at', '<', endOfUpcoming);
  select = query.done ? select.orderBy('f.done_at', 'desc') : select.orderBy('f.due_at');
  return (await select.orderBy('f.id').limit(query.limit).execute()).map(toFollowUp);
}

/** The sidebar badge: one owner's open follow-ups due before the end of today (overdue + today). */
export async function countDueFollowUps(db: DbOrTrx, ownerId: number, now: Date, timeZone: string): Promise<number> {
  const row = await db
    .selectFrom('follow_ups')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('owner_id', '=', ownerId)
    .where('done_at', 'is', null)
    .where('due_at', '<', followUpWindows(now, timeZone).endOfToday)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findFollowUp(db: DbOrTrx, id: number): Promise<FollowUp | undefined> {
  const row = await selectFollowUps(db).where('f.id', '=', id).executeTakeFirst();
  return row && toFollowUp(row);
}

/** The bare row, locked for the rest of the transaction. */
export async function findFollowUpRowForUpdate(db: DbOrTrx, id: number): Promise<FollowUpRow | undefined> {
  const row = await db.selectFrom('follow_ups').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row && { id: row.id, leadId: row.lead_id, ownerId: row.owner_id, dueAt: row.due_at, note: row.note, doneAt: row.done_at };
}

/** The lead's next_follow_up_at after a follow-up write: its earliest open one's due time. */
export async function refreshNextFollowUp(db: DbOrTrx, leadId: number): Promise<void> {
  await sql`update leads set next_follow_up_at = (
      select min(due_at) from follow_ups where lead_id = ${leadId} and done_at is null)
    where id = ${leadId}`.execute(db);
}

export async function insertFollowUp(
  db: DbOrTrx,
  values: { leadId: number; ownerId: number; dueAt: Date; note: string | null; createdBy: number },
): Promise<number> {
  const { id } = await db
    .insertInto('follow_ups')
    .values({ lead_id: values.leadId, owner_id: values.ownerId, due_at: values.dueAt, note: values.note, created_by: values.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  await refreshNextFollowUp(db, values.leadId);
  return id;
}

/** A new due time asks for a new reminder; done or reopened follows `doneAt`. */
export async function updateFollowUpRow(
  db: DbOrTrx,
  current: FollowUpRow,
  changes: { dueAt?: Date; note?: string | null; doneAt?: Date | null },
): Promise<void> {
  const rescheduled = changes.dueAt !== undefined && changes.dueAt.getTime() !== current.dueAt.getTime();
  await db
    .updateTable('follow_ups')
    .set({
      due_at: changes.dueAt,
      note: changes.note,
      done_at: changes.doneAt,
      ...(rescheduled ? { reminded_at: null } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', current.id)
    .execute();
  await refreshNextFollowUp(db, current.leadId);
}

export async function deleteFollowUpRow(db: DbOrTrx, current: FollowUpRow): Promise<void> {
  await db.deleteFrom('follow_ups').where('id', '=', current.id).execute();
  await refreshNextFollowUp(db, current.leadId);
}

/**
 * A reminder's claim: up to `limit` open follow-ups due by `now` and not yet reminded are marked
 * reminded and answered, the longest due first. FOR UPDATE SKIP LOCKED: claims at
 * once each take different rows, so every reminder goes out exactly once.
 */
export async function claimDueFollowUps(
  db: DbOrTrx,
  now: Date,
  limit: number,
): Promise<{ id: number; leadId: number; ownerId: number; dueAt: Date }[]> {
  const { rows } = await sql<{ id: number; lead_id: number; owner_id: number; due_at: Date }>`
    update follow_ups set reminded_at = ${now}
    where id in (
      select id from follow_ups
      where done_at is null and reminded_at is null and due_at <= ${now}
      order by due_at
      limit ${limit}
      for update skip locked)
    returning id, lead_id, owner_id, due_at`.execute(db);
  return rows.map((row) => ({ id: row.id, leadId: row.lead_id, ownerId: row.owner_id, dueAt: new Date(row.due_at) }));
}
