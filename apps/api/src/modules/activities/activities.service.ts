/** The activity feed, newest first; every signed-in user reads it. */
import { listRecentActivities } from '@crm/db';
import { type Activity, type RecentActivitiesQuery, displayName } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { leadReaderOf } from '../leads/lead-reader.js';

/** Who did it, as every activity description names them: the caller's display name. */
export function actorName(ctx: ServiceContext): string {
  return displayName(ctx.viewer.user);
}

export async function getRecentActivities(ctx: ServiceContext, query: RecentActivitiesQuery): Promise<Activity[]> {
  return listRecentActivities(ctx.db, query.limit, await leadReaderOf(ctx));
}
