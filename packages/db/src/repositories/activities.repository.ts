/** The activity feed: written by the server when things happen, in the same transaction, read newest first. */
import type { Activity, ActivityType } from '@crm/domain';
import { type SqlBool, sql } from 'kysely';
import type { DbOrTrx } from '../types.js';
import { type LeadReader, visibleLeadsCondition } from './lead-visibility.repository.js';

export interface NewActivity {
  type: ActivityType;
  description: string;
  userId?: number | null;
  leadId?: number | null;
}

export async function recordActivity(db: DbOrTrx, activity: NewActivity): Promise<void> {
  await db
    .insertInto('activities')
    .values({
      type: activity.type,
      description: activity.description,
      user_id: activity.userId ?? null,
      lead_id: activity.leadId ?? null,
    })
    .execute();
}

/** The newest lines; a line about a lead `reader` may not see is not theirs to read (it names the lead). */
export async function listRecentActivities(db: DbOrTrx, limit: number, reader: LeadReader): Promise<Activity[]> {
  const visible = visibleLeadsCondition(reader);
  const rows = await db
    .selectFrom('activities')
    .select(['id', 'type', 'description', 'created_at'])
    .$if(visible !== undefined, (query) =>
      query.where((eb) =>
        eb.or([
          eb('activities.lead_id', 'is', null),
          eb(
            'activities.lead_id',
            'in',
            eb
              .selectFrom('leads')
              .select('leads.id')
              .where(visible ?? sql<SqlBool>`true`),
          ),
        ]),
      ),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, type: row.type, description: row.description, createdAt: row.created_at }));
}
