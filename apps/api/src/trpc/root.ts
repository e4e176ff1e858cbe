/** The app's tRPC router: a plain name → feature router map. The web app imports only its type. */
import { authRouter } from '../modules/auth/auth.router.js';
import { usersRouter } from '../modules/users/users.router.js';
import { customRolesRouter } from '../modules/custom-roles/custom-roles.router.js';
import { teamRouter } from '../modules/team/team.router.js';
import { activitiesRouter } from '../modules/activities/activities.router.js';
import { analyticsRouter } from '../modules/analytics/analytics.router.js';
import { dashboardRouter } from '../modules/dashboard/dashboard.router.js';
import { leadsRouter } from '../modules/leads/leads.router.js';
import { leadGroupsRouter } from '../modules/lead-groups/lead-groups.router.js';
import { trackingRouter } from '../modules/tracking/tracking.router.js';
import { salesTeamRouter } from '../modules/sales-team/sales-team.router.js';
import { chatRouter } from '../modules/chat/chat.router.js';
import { router } from './init.js';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  customRoles: customRolesRouter,
  team: teamRouter,
  dashboard: dashboardRouter,
  activities: activitiesRouter,
  analytics: analyticsRouter,
  leads: leadsRouter,
  leadGroups: leadGroupsRouter,
  tracking: trackingRouter,
  salesTeam: salesTeamRouter,
  chat: chatRouter,
});

export type AppRouter = typeof appRouter;
