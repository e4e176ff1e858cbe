/** REST paths of the notification centre (docs/rest-api.md#notificaciones). */
import { idSchema, notificationListQuerySchema, notificationPreferencesUpdateSchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import {
  getNotificationPreferences,
  listNotifications,
  readAllNotifications,
  readNotification,
  setNotificationPreferences,
  unreadNotificationCount,
} from './notifications.service.js';

export const notificationsRestRoutes = [
  authedRoute({
    method: 'GET',
    url: '/api/notifications',
    handler: ({ ctx, query }) => listNotifications(ctx, parseInput(notificationListQuerySchema, query)),
  }),
  authedRoute({
    method: 'GET',
    url: '/api/notifications/unread-count',
    handler: async ({ ctx }) => ({ count: await unreadNotificationCount(ctx) }),
  }),
  authedRoute({ method: 'POST', url: '/api/notifications/read-all', handler: ({ ctx }) => readAllNotifications(ctx) }),
  authedRoute({
    method: 'POST',
    url: '/api/notifications/:id/read',
    handler: ({ ctx, params }) => readNotification(ctx, parseInput(idSchema, params.id)),
  }),
  authedRoute({ method: 'GET', url: '/api/notifications/preferences', handler: ({ ctx }) => getNotificationPreferences(ctx) }),
  authedRoute({
    method: 'PUT',
    url: '/api/notifications/preferences',
    body: notificationPreferencesUpdateSchema,
    handler: ({ ctx, body }) => setNotificationPreferences(ctx, body),
  }),
];
