/** tRPC `notifications.*`: the bell's list, count and mark-read calls, and the profile's switches. */
import { idSchema, notificationListQuerySchema, notificationPreferencesUpdateSchema } from '@crm/domain';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/init.js';
import {
  getNotificationPreferences,
  listNotifications,
  readAllNotifications,
  readNotification,
  setNotificationPreferences,
  unreadNotificationCount,
} from './notifications.service.js';

export const notificationsRouter = router({
  list: authedProcedure
    .input(notificationListQuerySchema.optional())
    .query(({ ctx, input }) => listNotifications(ctx, input ?? notificationListQuerySchema.parse({}))),
  unreadCount: authedProcedure.query(({ ctx }) => unreadNotificationCount(ctx)),
  markRead: authedProcedure.input(z.object({ id: idSchema })).mutation(({ ctx, input }) => readNotification(ctx, input.id)),
  markAllRead: authedProcedure.mutation(({ ctx }) => readAllNotifications(ctx)),
  preferences: authedProcedure.query(({ ctx }) => getNotificationPreferences(ctx)),
  setPreferences: authedProcedure
    .input(notificationPreferencesUpdateSchema)
    .mutation(({ ctx, input }) => setNotificationPreferences(ctx, input)),
});
