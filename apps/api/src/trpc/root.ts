/** The app's tRPC router: a plain name → feature router map. The web app imports only its type. */
import { authRouter } from '../modules/auth/auth.endpoints.js';
import { usersRouter } from '../modules/users/users.endpoints.js';
import { customRolesRouter } from '../modules/custom-roles/custom-roles.router.js';
import { teamRouter } from '../modules/team/team.router.js';
import { activitiesRouter } from '../modules/activities/activities.router.js';
import { analyticsRouter } from '../modules/analytics/analytics.router.js';
import { dashboardRouter } from '../modules/dashboard/dashboard.router.js';
import { leadsRouter } from '../modules/leads/leads.endpoints.js';
import { importJobsRouter } from '../modules/leads/import/import-jobs.endpoints.js';
import { leadGroupsRouter } from '../modules/lead-groups/lead-groups.router.js';
import { trackingRouter } from '../modules/tracking/tracking.router.js';
import { salesTeamRouter } from '../modules/sales-team/sales-team.router.js';
import { chatRouter } from '../modules/chat/chat.endpoints.js';
import { settingsRouter } from '../modules/settings/settings.router.js';
import { searchRouter } from '../modules/search/search.router.js';
import { leadBulkRouter } from '../modules/leads/bulk/lead-bulk.router.js';
import { leadHistoryRouter } from '../modules/lead-history/lead-history.router.js';
import { leadNotesRouter } from '../modules/lead-notes/lead-notes.router.js';
import { followUpsRouter } from '../modules/follow-ups/follow-ups.router.js';
import { notificationsRouter } from '../modules/notifications/notifications.router.js';
import { pipelineRouter } from '../modules/pipeline/pipeline.router.js';
import { savedViewsRouter } from '../modules/saved-views/saved-views.router.js';
import { apiTokensRouter } from '../modules/api-tokens/api-tokens.router.js';
import { webFormsRouter } from '../modules/web-forms/web-forms.endpoints.js';
import { liveRouter } from '../live/live.router.js';
import { webhooksRouter } from '../modules/webhooks/webhooks.router.js';
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
  importJobs: importJobsRouter,
  tracking: trackingRouter,
  salesTeam: salesTeamRouter,
  chat: chatRouter,
  settings: settingsRouter,
  search: searchRouter,
  leadBulk: leadBulkRouter,
  leadHistory: leadHistoryRouter,
  leadNotes: leadNotesRouter,
  followUps: followUpsRouter,
  notifications: notificationsRouter,
  pipeline: pipelineRouter,
  savedViews: savedViewsRouter,
  apiTokens: apiTokensRouter,
  webhooks: webhooksRouter,
  webForms: webFormsRouter,
  live: liveRouter,
});

export type AppRouter = typeof appRouter;
