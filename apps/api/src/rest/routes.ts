/** The REST routes not yet declared as endpoints (endpoints/all.ts): each feature contributes its list. */
import { trackingRestRoutes } from '../modules/tracking/tracking.rest.js';
import { chatRestRoutes } from '../modules/chat/chat.rest.js';
import { settingsRestRoutes } from '../modules/settings/settings.rest.js';
import { searchRestRoutes } from '../modules/search/search.rest.js';
import { leadBulkRestRoutes } from '../modules/leads/bulk/lead-bulk.rest.js';
import { followUpsRestRoutes } from '../modules/follow-ups/follow-ups.rest.js';
import { notificationsRestRoutes } from '../modules/notifications/notifications.rest.js';
import { pipelineRestRoutes } from '../modules/pipeline/pipeline.rest.js';
import { savedViewsRestRoutes } from '../modules/saved-views/saved-views.rest.js';
import { apiTokensRestRoutes } from '../modules/api-tokens/api-tokens.rest.js';
import { webhooksRestRoutes } from '../modules/webhooks/webhooks.rest.js';
import type { RestRoute } from './route.js';

export const restRoutes: RestRoute[] = [
  ...trackingRestRoutes,
  ...chatRestRoutes,
  ...settingsRestRoutes,
  ...searchRestRoutes,
  ...leadBulkRestRoutes,
  ...followUpsRestRoutes,
  ...notificationsRestRoutes,
  ...pipelineRestRoutes,
  ...savedViewsRestRoutes,
  ...apiTokensRestRoutes,
  ...webhooksRestRoutes,
];
