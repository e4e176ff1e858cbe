/** The activity feed, newest first; every signed-in user reads it. */
import { listRecentActivities } from '@crm/db';
import type { Activity, RecentActivitiesQuery } from '@crm/domain';
import type { ServiceContext } from '../../context.js';

export function getRecentActivities(ctx: ServiceContext, query: RecentActivitiesQuery): Promise<Activity[]> {
  return listRecentActivities(ctx.db, query.limit);
}
