/**
 * The notification centre (docs/rest-api.md#notificaciones; tRPC `notifications.*`): the bell's
 * list, count and mark-read calls, and the profile's switches. Each user reaches only their own.
 * The count is `{ count }` over REST and a bare number over tRPC, so it is declared twice.
 */
import {
  idInputSchema,
  notificationListQuerySchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  notificationSchema,
} from '@crm/domain';
import { z } from 'zod';
import { NO_INPUT, endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import {
  getNotificationPreferences,
  listNotifications,
  readAllNotifications,
  readNotification,
  setNotificationPreferences,
  unreadNotificationCount,
} from './notifications.service.js';

const countSchema = z.object({ count: z.number().int() });

export const notificationsEndpoints = [
  endpoint({
    name: 'notifications.list',
    summary: 'Notificaciones propias, las más nuevas primero',
    description: '`unread`: `true` solo las no leídas, `false` solo las leídas; `limit` 1–100 (50 por defecto).',
    permission: 'authenticated',
    input: notificationListQuerySchema.optional(),
    output: z.array(notificationSchema),
    rest: { method: 'GET', path: '/api/notifications' },
    trpc: 'query',
    handler: ({ ctx, input }) => listNotifications(ctx, input ?? notificationListQuerySchema.parse({})),
  }),
  endpoint({
    name: 'notifications.unreadCount',
    summary: 'Cuántas notificaciones propias no están leídas (un número)',
    permission: 'authenticated',
    input: NO_INPUT,
    output: z.number().int(),
    trpc: 'query',
    handler: ({ ctx }) => unreadNotificationCount(ctx),
  }),
  endpoint({
    name: 'notifications.unreadCountBadge',
    summary: 'Cuántas notificaciones propias no están leídas (el número de la campana)',
    permission: 'authenticated',
    input: NO_INPUT,
    output: countSchema,
    rest: { method: 'GET', path: '/api/notifications/unread-count' },
    handler: async ({ ctx }) => ({ count: await unreadNotificationCount(ctx) }),
  }),
  endpoint({
    name: 'notifications.markAllRead',
    summary: 'Marca leídas todas las notificaciones propias',
    permission: 'authenticated',
    input: NO_INPUT,
    output: countSchema,
    rest: { method: 'POST', path: '/api/notifications/read-all' },
    trpc: 'mutation',
    handler: ({ ctx }) => readAllNotifications(ctx),
  }),
  endpoint({
    name: 'notifications.markRead',
    summary: 'Marca leída una notificación propia (otra vez no cambia nada)',
    permission: 'authenticated',
    input: idInputSchema,
    output: notificationSchema,
    rest: { method: 'POST', path: '/api/notifications/:id/read' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => readNotification(ctx, input.id),
  }),
  endpoint({
    name: 'notifications.preferences',
    summary: 'Qué avisos recibe quien llama',
    permission: 'authenticated',
    input: NO_INPUT,
    output: notificationPreferencesSchema,
    rest: { method: 'GET', path: '/api/notifications/preferences' },
    trpc: 'query',
    handler: ({ ctx }) => getNotificationPreferences(ctx),
  }),
  endpoint({
    name: 'notifications.setPreferences',
    summary: 'Cambia qué avisos recibe quien llama (los campos ausentes se quedan)',
    permission: 'authenticated',
    input: notificationPreferencesUpdateSchema,
    output: notificationPreferencesSchema,
    rest: { method: 'PUT', path: '/api/notifications/preferences' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => setNotificationPreferences(ctx, input),
  }),
] as const;

export const notificationsRouter = routerOf(notificationsEndpoints);
