/** 'Registrar llamada' / 'Registrar mensaje': the lead's tracking counters moved in one upsert. */
import type { TrackingRecord } from '@crm/domain';
import { sql } from 'kysely';
import type { DbOrTrx } from '../types.js';
import { toTrackingDto } from './tracking.repository.js';

export interface CounterChange {
  calls: number;
  messagesToLead: number;
  messagesFromLead: number;
  responded: boolean;
  /** The team's today, 'YYYY-MM-DD'. */
  contactDate: string;
}

/**
 * Adds to the counters of the lead's record, creating it when the lead has none. One statement, so
 * two sellers registering calls at once both count (the unique lead_id turns the second insert
 * into an update that adds to what the first wrote).
 */
export async function addToTrackingCounters(db: DbOrTrx, leadId: number, change: CounterChange, actorId: number): Promise<TrackingRecord> {
  const row = await db
    .insertInto('conversation_tracking')
    .values({
      lead_id: leadId,
      created_by: actorId,
      calls: change.calls,
      messages_to_lead: change.messagesToLead,
      messages_from_lead: change.messagesFromLead,
      has_responded: change.responded,
      last_contact_date: change.contactDate,
    })
    .onConflict((conflict) =>
      conflict.column('lead_id').doUpdateSet({
        calls: sql`conversation_tracking.calls + excluded.calls`,
        messages_to_lead: sql`conversation_tracking.messages_to_lead + excluded.messages_to_lead`,
        messages_from_lead: sql`conversation_tracking.messages_from_lead + excluded.messages_from_lead`,
        has_responded: sql`conversation_tracking.has_responded or excluded.has_responded`,
        last_contact_date: sql`greatest(conversation_tracking.last_contact_date, excluded.last_contact_date)`,
        updated_at: new Date(),
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTrackingDto(row);
}
