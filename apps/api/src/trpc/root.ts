/** The app's tRPC router: a plain name → feature router map. The web app imports only its type. */
import { authRouter } from '../modules/auth/auth.endpoints.js';
import { usersRouter } from '../modules/users/users.endpoints.js';
import { customRolesRouter } from '../modules/custom-roles/custom-roles.endpoints.js';
import { teamRouter } from '../modules/team/team.endpoints.js';
import { teamsRouter } from '../modules/teams/teams.endpoints.js';
import { leadVisibilityRouter } from '../modules/lead-visibility/lead-visibility.endpoints.js';
import { contactPersonalDataRouter, personalDataRouter } from '../modules/personal-data/personal-data.endpoints.js';
import { activitiesRouter } from '../modules/activities/activities.endpoints.js';
import { analyticsRouter } from '../modules/analytics/analytics.endpoints.js';
import { dashboardRouter } from '../modules/dashboard/dashboard.endpoints.js';
import { leadsRouter } from '../modules/leads/leads.endpoints.js';
import { importJobsRouter } from '../modules/leads/import/import-jobs.endpoints.js';
import { leadGroupsRouter } from '../modules/lead-groups/lead-groups.endpoints.js';
import { trackingRouter } from '../modules/tracking/tracking.endpoints.js';
import { salesTeamRouter } from '../modules/sales-team/sales-team.endpoints.js';
import { chatRouter } from '../modules/chat/chat.endpoints.js';
import { settingsRouter } from '../modules/settings/settings.endpoints.js';
import { searchRouter } from '../modules/search/search.endpoints.js';
import { leadBulkRouter } from '../modules/leads/bulk/lead-bulk.endpoints.js';
import { leadHistoryRouter } from '../modules/lead-history/lead-history.endpoints.js';
import { leadNotesRouter } from '../modules/lead-notes/lead-notes.endpoints.js';
import { contactsRouter } from '../modules/contacts/contacts.endpoints.js';
import { followUpsRouter } from '../modules/follow-ups/follow-ups.endpoints.js';
import { notificationsRouter } from '../modules/notifications/notifications.endpoints.js';
import { pipelineRouter } from '../modules/pipeline/pipeline.endpoints.js';
import { savedViewsRouter } from '../modules/saved-views/saved-views.endpoints.js';
import { customFieldsRouter } from '../modules/custom-fields/custom-fields.endpoints.js';
import { tagsRouter } from '../modules/tags/tags.endpoints.js';
import { apiTokensRouter } from '../modules/api-tokens/api-tokens.endpoints.js';
import { webFormsRouter } from '../modules/web-forms/web-forms.endpoints.js';
import { liveRouter } from '../live/live.router.js';
import { webhooksRouter } from '../modules/webhooks/webhooks.endpoints.js';
import { auditRouter } from '../modules/audit/audit.endpoints.js';
import { whatsappRouter } from '../modules/whatsapp/whatsapp.endpoints.js';
import { router } from './init.js';

export const appRouter = router({
  auth: authRouter,
  audit: auditRouter,
  users: usersRouter,
  customRoles: customRolesRouter,
  team: teamRouter,
  teams: teamsRouter,
  leadVisibility: leadVisibilityRouter,
  personalData: personalDataRouter,
  contactPersonalData: contactPersonalDataRouter,
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
  contacts: contactsRouter,
  followUps: followUpsRouter,
  notifications: notificationsRouter,
  pipeline: pipelineRouter,
  savedViews: savedViewsRouter,
  customFields: customFieldsRouter,
  tags: tagsRouter,
  apiTokens: apiTokensRouter,
  webhooks: webhooksRouter,
  webForms: webFormsRouter,
  live: liveRouter,
  whatsapp: whatsappRouter,
});

export type AppRouter = typeof appRouter;
