/** Conversation tracking records (one per lead): reads as domain DTOs, writes from the form's fields. */
import type { ProgressLevel, TrackingForm, TrackingRecord } from '@crm/domain';
import type { Selectable } from 'kysely';
import type { ConversationTrackingTable } from '../tables/leads.table.js';
import type { DbOrTrx } from '../types.js';
import { type LeadReader, visibleLeadsCondition } from './lead-visibility.repository.js';

type TrackingRow = Selectable<ConversationTrackingTable>;
export type TrackingFields = Omit<TrackingForm, 'leadId'>;

export function toTrackingDto(row: TrackingRow): TrackingRecord {
  return {
    id: row.id,
    leadId: row.lead_id,
    progressLevel: row.progress_level as ProgressLevel,
    messagesFromLead: row.messages_from_lead,
    messagesToLead: row.messages_to_lead,
    calls: row.calls,
    hasResponded: row.has_responded,
    lastContactDate: row.last_contact_date,
    notes: row.notes,
  };
}

/** A whole record's columns for an insert; an update's given ones (undefined leaves a column alone). */
function toColumns(fields: TrackingFields): { [K in keyof Columns]-?: Exclude<Columns[K], undefined> };
function toColumns(fields: Partial<TrackingFields>): Columns;
function toColumns(fields: Partial<TrackingFields>) {
  return partialColumns(fields);
}

type Columns = ReturnType<typeof partialColumns>;

function partialColumns(fields: Partial<TrackingFields>) {
  return {
    progress_level: fields.progressLevel,
    messages_from_lead: fields.messagesFromLead,
    messages_to_lead: fields.messagesToLead,
    has_responded: fields.hasResponded,
    last_contact_date: fields.lastContactDate,
    notes: fields.notes,
  };
}

/** Every record, or only those of the given leads. */
/** The records of the leads `reader` sees (of `leadIds` when given). */
export async function listTracking(db: DbOrTrx, reader: LeadReader, leadIds?: readonly number[]): Promise<TrackingRecord[]> {
  let query = db.selectFrom('conversation_tracking').selectAll('conversation_tracking').orderBy('conversation_tracking.id', 'asc');
  const visible = visibleLeadsCondition(reader);
  if (visible) query = query.innerJoin('leads', 'leads.id', 'conversation_tracking.lead_id').where(visible);
  if (leadIds) {
    if (leadIds.length === 0) return [];
    query = query.where('conversation_tracking.lead_id', 'in', [...leadIds]);
  }
  return (await query.execute()).map(toTrackingDto);
}

export async function findTrackingByLeadId(db: DbOrTrx, leadId: number): Promise<TrackingRecord | undefined> {
  const row = await db.selectFrom('conversation_tracking').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
  return row && toTrackingDto(row);
}

/** The record, locked for the rest of the transaction (its history entry records the values it replaces). */
export async function findTrackingForUpdate(db: DbOrTrx, id: number): Promise<TrackingRecord | undefined> {
  const row = await db.selectFrom('conversation_tracking').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row && toTrackingDto(row);
}

export async function insertTracking(db: DbOrTrx, leadId: number, fields: TrackingFields, createdBy: number): Promise<TrackingRecord> {
  const row = await db
    .insertInto('conversation_tracking')
    .values({ lead_id: leadId, created_by: createdBy, ...toColumns(fields) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTrackingDto(row);
}

/** Changes the fields given; an absent (undefined) one keeps its stored value. */
export async function updateTracking(db: DbOrTrx, id: number, fields: Partial<TrackingFields>): Promise<TrackingRecord | undefined> {
  const row = await db
    .updateTable('conversation_tracking')
    .set({ ...toColumns(fields), updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toTrackingDto(row);
}

export async function deleteTracking(db: DbOrTrx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('conversation_tracking').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
