/** The REST adapter's one table of routes: each feature contributes its list. */
import { authRestRoutes } from '../modules/auth/auth.rest.js';
import { healthRestRoutes } from '../modules/health/health.rest.js';
import { usersRestRoutes } from '../modules/users/users.rest.js';
import { customRolesRestRoutes } from '../modules/custom-roles/custom-roles.rest.js';
import { teamRestRoutes } from '../modules/team/team.rest.js';
import { avatarsRestRoutes } from '../modules/avatars/avatars.rest.js';
import { activitiesRestRoutes } from '../modules/activities/activities.rest.js';
import { analyticsRestRoutes } from '../modules/analytics/analytics.rest.js';
import { dashboardRestRoutes } from '../modules/dashboard/dashboard.rest.js';
import { leadsRestRoutes } from '../modules/leads/leads.rest.js';
import { leadImportRestRoutes } from '../modules/leads/import/lead-import.rest.js';
import { leadGroupsRestRoutes } from '../modules/lead-groups/lead-groups.rest.js';
import { trackingRestRoutes } from '../modules/tracking/tracking.rest.js';
import { salesTeamRestRoutes } from '../modules/sales-team/sales-team.rest.js';
import { chatRestRoutes } from '../modules/chat/chat.rest.js';
import type { RestRoute } from './route.js';

export const restRoutes: RestRoute[] = [
  ...healthRestRoutes,
  ...authRestRoutes,
  ...usersRestRoutes,
  ...customRolesRestRoutes,
  ...teamRestRoutes,
  ...avatarsRestRoutes,
  ...dashboardRestRoutes,
  ...activitiesRestRoutes,
  ...analyticsRestRoutes,
  ...leadsRestRoutes,
  ...leadImportRestRoutes,
  ...leadGroupsRestRoutes,
  ...trackingRestRoutes,
  ...salesTeamRestRoutes,
  ...chatRestRoutes,
];
