/**
 * Merging two leads: every row that points at the absorbed lead moves to the survivor, in the
 * caller's transaction and before the absorbed lead is deleted (whose cascades would take them).
 */
import { type RawBuilder, sql } from 'kysely';
import type { DbOrTrx } from '../types.js';
import { moveContacts } from './contacts.repository.js';
import { refreshNextFollowUp } from './follow-ups.repository.js';

/**
 * Every table with a foreign key to leads. A test compares this list with the database's
 * catalogue, so a new table that points at leads cannot be forgotten by the merge.
 */
export const LEAD_REFERENCING_TABLES = [
  'conversation_tracking',
  'lead_history',
  'lead_notes',
  'follow_ups',
  'notifications',
  'notification_leads',
  'chat_messages',
  'activities',
  'web_form_submissions',
  'lead_tags',
  'contacts',
] as const;

/** How the absorbed lead's tracking record reached the survivor. */
export type TrackingMerge = 'none' | 'moved' | 'combined';

export interface MovedLeadReferences {
  tracking: TrackingMerge;
  history: number;
  notes: number;
  followUps: number;
  notifications: number;
  /** Notices ('Te asignaron N leads') that listed the absorbed lead and now list the survivor. */
  noticeLeads: number;
  chatMessages: number;
  activities: number;
  formSubmissions: number;
  /** Tags of the absorbed lead the survivor did not carry yet. */
  tags: number;
  /** The absorbed lead's contacts, now the survivor's (its primary stays primary only if the survivor had none). */
  contacts: number;
}

async function affected(db: DbOrTrx, statement: RawBuilder<unknown>): Promise<number> {
  const result = await statement.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

async function repoint(db: DbOrTrx, table: string, fromId: number, toId: number): Promise<number> {
  return affected(db, sql`update ${sql.table(table)} set lead_id = ${toId} where lead_id = ${fromId}`);
}

/**
 * A lead has at most one tracking record: the absorbed one moves when the survivor has none;
 * otherwise both fold into the survivor's (counters added, the later contact's date and progress,
 * both notes kept).
 */
async function mergeTracking(db: DbOrTrx, fromId: number, toId: number): Promise<TrackingMerge> {
  const combined = await affected(
    db,
    sql`update conversation_tracking as kept set
        messages_from_lead = kept.messages_from_lead + absorbed.messages_from_lead,
        messages_to_lead = kept.messages_to_lead + absorbed.messages_to_lead,
        calls = kept.calls + absorbed.calls,
        has_responded = kept.has_responded or absorbed.has_responded,
        progress_level = case when absorbed.last_contact_date > kept.last_contact_date
          then absorbed.progress_level else kept.progress_level end,
        last_contact_date = greatest(kept.last_contact_date, absorbed.last_contact_date),
        notes = nullif(concat_ws(E'\n\n', kept.notes, absorbed.notes), ''),
        updated_at = now()
      from conversation_tracking as absorbed
      where kept.lead_id = ${toId} and absorbed.lead_id = ${fromId}`,
  );
  if (combined > 0) {
    await sql`delete from conversation_tracking where lead_id = ${fromId}`.execute(db);
    return 'combined';
  }
  return (await repoint(db, 'conversation_tracking', fromId, toId)) > 0 ? 'moved' : 'none';
}

/**
 * A join row (notification_leads, lead_tags) the absorbed lead had goes to the survivor, once: a
 * notice that listed both leads lists the survivor once, a tag both carried stays one tag.
 */
async function repointJoinRows(
  db: DbOrTrx,
  table: 'notification_leads' | 'lead_tags',
  otherColumn: 'notification_id' | 'tag_id',
  fromId: number,
  toId: number,
): Promise<number> {
  const moved = await affected(
    db,
    sql`insert into ${sql.table(table)} (${sql.ref(otherColumn)}, lead_id)
      select ${sql.ref(otherColumn)}, ${toId}::int from ${sql.table(table)} where lead_id = ${fromId}
      on conflict do nothing`,
  );
  await sql`delete from ${sql.table(table)} where lead_id = ${fromId}`.execute(db);
  return moved;
}

/** Moves everything that points at lead `fromId` to lead `toId`; answers what moved, for the 'merged' history entry. */
export async function moveLeadReferences(db: DbOrTrx, fromId: number, toId: number): Promise<MovedLeadReferences> {
  const tracking = await mergeTracking(db, fromId, toId);
  const moved: MovedLeadReferences = {
    tracking,
    history: await repoint(db, 'lead_history', fromId, toId),
    notes: await repoint(db, 'lead_notes', fromId, toId),
    followUps: await repoint(db, 'follow_ups', fromId, toId),
    notifications: await repoint(db, 'notifications', fromId, toId),
    noticeLeads: await repointJoinRows(db, 'notification_leads', 'notification_id', fromId, toId),
    chatMessages: await repoint(db, 'chat_messages', fromId, toId),
    activities: await repoint(db, 'activities', fromId, toId),
    formSubmissions: await repoint(db, 'web_form_submissions', fromId, toId),
    tags: await repointJoinRows(db, 'lead_tags', 'tag_id', fromId, toId),
    contacts: await moveContacts(db, fromId, toId),
  };
  if (moved.followUps > 0) await refreshNextFollowUp(db, toId);
  return moved;
}
