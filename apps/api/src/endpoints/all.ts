/**
 * Every declared endpoint, in the order of the reference: the REST adapter registers them,
 * openapi.ts documents them (the reference's own endpoint included).
 */
import { z } from 'zod';
import { authEndpoints } from '../modules/auth/auth.endpoints.js';
import { passwordResetEndpoints } from '../modules/auth/password-reset.endpoints.js';
import { twoFactorEndpoints } from '../modules/auth/two-factor.endpoints.js';
import { avatarsEndpoints } from '../modules/avatars/avatars.endpoints.js';
import { webFormsEndpoints } from '../modules/web-forms/web-forms.endpoints.js';
import { importJobsEndpoints } from '../modules/leads/import/import-jobs.endpoints.js';
import { auditEndpoints } from '../modules/audit/audit.endpoints.js';
import { chatEndpoints, chatSubscriptions } from '../modules/chat/chat.endpoints.js';
import { liveSubscriptions } from '../live/live.router.js';
import { healthEndpoints } from '../modules/health/health.endpoints.js';
import { leadsEndpoints } from '../modules/leads/leads.endpoints.js';
import { trackingEndpoints } from '../modules/tracking/tracking.endpoints.js';
import { followUpsEndpoints } from '../modules/follow-ups/follow-ups.endpoints.js';
import { pipelineEndpoints } from '../modules/pipeline/pipeline.endpoints.js';
import { savedViewsEndpoints } from '../modules/saved-views/saved-views.endpoints.js';
import { customFieldsEndpoints } from '../modules/custom-fields/custom-fields.endpoints.js';
import { tagsEndpoints } from '../modules/tags/tags.endpoints.js';
import { searchEndpoints } from '../modules/search/search.endpoints.js';
import { settingsEndpoints } from '../modules/settings/settings.endpoints.js';
import { notificationsEndpoints } from '../modules/notifications/notifications.endpoints.js';
import { leadBulkEndpoints } from '../modules/leads/bulk/lead-bulk.endpoints.js';
import { apiTokensEndpoints } from '../modules/api-tokens/api-tokens.endpoints.js';
import { webhooksEndpoints } from '../modules/webhooks/webhooks.endpoints.js';
import { usersEndpoints } from '../modules/users/users.endpoints.js';
import { customRolesEndpoints } from '../modules/custom-roles/custom-roles.endpoints.js';
import { teamEndpoints } from '../modules/team/team.endpoints.js';
import { teamsEndpoints } from '../modules/teams/teams.endpoints.js';
import { leadVisibilityEndpoints } from '../modules/lead-visibility/lead-visibility.endpoints.js';
import { contactPersonalDataEndpoints, personalDataEndpoints } from '../modules/personal-data/personal-data.endpoints.js';
import { salesTeamEndpoints } from '../modules/sales-team/sales-team.endpoints.js';
import { dashboardEndpoints } from '../modules/dashboard/dashboard.endpoints.js';
import { activitiesEndpoints } from '../modules/activities/activities.endpoints.js';
import { analyticsEndpoints } from '../modules/analytics/analytics.endpoints.js';
import { leadGroupsEndpoints } from '../modules/lead-groups/lead-groups.endpoints.js';
import { leadHistoryEndpoints } from '../modules/lead-history/lead-history.endpoints.js';
import { leadNotesEndpoints } from '../modules/lead-notes/lead-notes.endpoints.js';
import { whatsappEndpoints } from '../modules/whatsapp/whatsapp.endpoints.js';
import { whatsappExportEndpoints } from '../modules/whatsapp-export/whatsapp-export.endpoints.js';
import { contactsEndpoints } from '../modules/contacts/contacts.endpoints.js';
import { type AnyEndpoint, NO_INPUT, type SubscriptionEndpoint, endpoint } from './endpoint.js';
import { apiDocsEndpoints } from './api-docs.js';
import { type OpenApiDocument, openApiDocument } from './openapi.js';

let document: OpenApiDocument | undefined;

const referenceEndpoints = [
  endpoint({
    name: 'reference.openapi',
    summary: 'Este documento OpenAPI 3.1, generado de la declaración de cada endpoint',
    permission: 'public',
    input: NO_INPUT,
    output: z.record(z.string(), z.unknown()),
    rest: { method: 'GET', path: '/api/openapi.json' },
    // Built once, on the first request: the declarations do not change while the server runs.
    handler: () => Promise.resolve((document ??= openApiDocument(allEndpoints)) as unknown as Record<string, unknown>),
  }),
] as const;

export const allEndpoints: readonly AnyEndpoint[] = [
  ...healthEndpoints,
  ...authEndpoints,
  ...twoFactorEndpoints,
  ...passwordResetEndpoints,
  ...usersEndpoints,
  ...avatarsEndpoints,
  ...leadsEndpoints,
  ...customFieldsEndpoints,
  ...chatEndpoints,
  ...importJobsEndpoints,
  ...webFormsEndpoints,
  ...customRolesEndpoints,
  ...teamEndpoints,
  ...teamsEndpoints,
  ...leadVisibilityEndpoints,
  ...personalDataEndpoints,
  ...salesTeamEndpoints,
  ...dashboardEndpoints,
  ...activitiesEndpoints,
  ...analyticsEndpoints,
  ...leadGroupsEndpoints,
  ...leadHistoryEndpoints,
  ...leadNotesEndpoints,
  ...whatsappEndpoints,
  ...whatsappExportEndpoints,
  ...contactsEndpoints,
  ...contactPersonalDataEndpoints,
  ...trackingEndpoints,
  ...followUpsEndpoints,
  ...pipelineEndpoints,
  ...savedViewsEndpoints,
  ...tagsEndpoints,
  ...searchEndpoints,
  ...settingsEndpoints,
  ...notificationsEndpoints,
  ...leadBulkEndpoints,
  ...apiTokensEndpoints,
  ...webhooksEndpoints,
  ...auditEndpoints,
  ...referenceEndpoints,
  ...apiDocsEndpoints,
] as readonly AnyEndpoint[];

/** Every live subscription (tRPC over the socket only): the route-table test checks their declarations. */
export const allSubscriptions: readonly SubscriptionEndpoint[] = [...liveSubscriptions, ...chatSubscriptions];
