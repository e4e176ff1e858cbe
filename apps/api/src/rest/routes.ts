/** The REST routes not yet declared as endpoints (endpoints/all.ts): each feature contributes its list. */
import { customRolesRestRoutes } from '../modules/custom-roles/custom-roles.rest.js';
import { teamRestRoutes } from '../modules/team/team.rest.js';
import { activitiesRestRoutes } from '../modules/activities/activities.rest.js';
import { analyticsRestRoutes } from '../modules/analytics/analytics.rest.js';
import { dashboardRestRoutes } from '../modules/dashboard/dashboard.rest.js';
import { leadGroupsRestRoutes } from '../modules/lead-groups/lead-groups.rest.js';
import { trackingRestRoutes } from '../modules/tracking/tracking.rest.js';
import { salesTeamRestRoutes } from '../modules/sales-team/sales-team.rest.js';
import { settingsRestRoutes } from '../modules/settings/settings.rest.js';
import { searchRestRoutes } from '../modules/search/search.rest.js';
import { leadBulkRestRoutes } from '../modules/leads/bulk/lead-bulk.rest.js';
import { leadHistoryRestRoutes } from '../modules/lead-history/lead-history.rest.js';
import { leadNotesRestRoutes } from '../modules/lead-notes/lead-notes.rest.js';
import { followUpsRestRoutes } from '../modules/follow-ups/follow-ups.rest.js';
import { notificationsRestRoutes } from '../modules/notifications/notifications.rest.js';
import { pipelineRestRoutes } from '../modules/pipeline/pipeline.rest.js';
import { savedViewsRestRoutes } from '../modules/saved-views/saved-views.rest.js';
import { apiTokensRestRoutes } from '../modules/api-tokens/api-tokens.rest.js';
import { webhooksRestRoutes } from '../modules/webhooks/webhooks.rest.js';
import type { RestRoute } from './route.js';

export const restRoutes: RestRoute[] = [
  ...customRolesRestRoutes,
  ...teamRestRoutes,
  ...dashboardRestRoutes,
  ...activitiesRestRoutes,
  ...analyticsRestRoutes,
  ...leadGroupsRestRoutes,
  ...trackingRestRoutes,
  ...salesTeamRestRoutes,
  ...settingsRestRoutes,
  ...searchRestRoutes,
  ...leadBulkRestRoutes,
  ...leadHistoryRestRoutes,
  ...leadNotesRestRoutes,
  ...followUpsRestRoutes,
  ...notificationsRestRoutes,
  ...pipelineRestRoutes,
  ...savedViewsRestRoutes,
  ...apiTokensRestRoutes,
  ...webhooksRestRoutes,
];
