/** The activity feed: written by the server when things happen, in the same transaction, read newest first. */
import type { Activity, ActivityType } from '@crm/domain';
import type { DbOrTrx } from '../types.js';

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

export async function listRecentActivities(db: DbOrTrx, limit: number): Promise<Activity[]> {
  const rows = await db
    .selectFrom('activities')
    .select(['id', 'type', 'description', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, type: row.type, description: row.description, createdAt: row.created_at }));
}
