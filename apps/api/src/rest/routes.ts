/** The REST routes not yet declared as endpoints (endpoints/all.ts): each feature contributes its list. */
import { authRestRoutes } from '../modules/auth/auth.rest.js';
import { customRolesRestRoutes } from '../modules/custom-roles/custom-roles.rest.js';
import { teamRestRoutes } from '../modules/team/team.rest.js';
import { avatarsRestRoutes } from '../modules/avatars/avatars.rest.js';
import { activitiesRestRoutes } from '../modules/activities/activities.rest.js';
import { analyticsRestRoutes } from '../modules/analytics/analytics.rest.js';
import { dashboardRestRoutes } from '../modules/dashboard/dashboard.rest.js';
import { leadImportRestRoutes } from '../modules/leads/import/lead-import.rest.js';
import { leadGroupsRestRoutes } from '../modules/lead-groups/lead-groups.rest.js';
import { salesTeamRestRoutes } from '../modules/sales-team/sales-team.rest.js';
import { chatRestRoutes } from '../modules/chat/chat.rest.js';
import { leadHistoryRestRoutes } from '../modules/lead-history/lead-history.rest.js';
import { leadNotesRestRoutes } from '../modules/lead-notes/lead-notes.rest.js';
import { webFormsRestRoutes } from '../modules/web-forms/web-forms.rest.js';
import type { RestRoute } from './route.js';

export const restRoutes: RestRoute[] = [
  ...authRestRoutes,
  ...customRolesRestRoutes,
  ...teamRestRoutes,
  ...avatarsRestRoutes,
  ...dashboardRestRoutes,
  ...activitiesRestRoutes,
  ...analyticsRestRoutes,
  ...leadImportRestRoutes,
  ...leadGroupsRestRoutes,
  ...salesTeamRestRoutes,
  ...chatRestRoutes,
  ...leadHistoryRestRoutes,
  ...leadNotesRestRoutes,
  ...webFormsRestRoutes,
];
