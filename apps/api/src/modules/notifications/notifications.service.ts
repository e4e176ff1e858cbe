/**
 * The notification centre's reads and writes (docs/rest-api.md#notificaciones): everyone reads
 * and marks only their own notifications, on every transport; the causes write through notifier.ts.
 */
import {
  countUnreadNotifications,
  findNotificationPreferences,
  listNotificationsOf,
  markNotificationRead,
  markNotificationsRead,
  saveNotificationPreferences,
} from '@crm/db';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  DomainError,
  type Notification,
  type NotificationListQuery,
  NOTIFICATION_MESSAGES,
  type NotificationPreferences,
  toNotificationDto,
} from '@crm/domain';
import type { AppContext, ServiceContext } from '../../context.js';
import { publishLive } from '../../live/publish.js';

export async function listNotifications(ctx: ServiceContext, query: NotificationListQuery): Promise<Notification[]> {
  return (await listNotificationsOf(ctx.db, ctx.viewer.user.id, query)).map(toNotificationDto);
}

/** The bell's badge. */
export function unreadNotificationCount(ctx: ServiceContext): Promise<number> {
  return countUnreadNotifications(ctx.db, ctx.viewer.user.id);
}

/** Marks one read; someone else's notification is not found, whoever asks. Idempotent. */
export async function readNotification(ctx: ServiceContext, id: number): Promise<Notification> {
  const notification = await markNotificationRead(ctx.db, ctx.viewer.user.id, id);
  if (!notification) throw new DomainError('NOT_FOUND', NOTIFICATION_MESSAGES.notFound);
  await announceRead(ctx, ctx.viewer.user.id, [id]);
  return toNotificationDto(notification);
}

/** 'Marcar todas como leídas'. */
export async function readAllNotifications(ctx: ServiceContext): Promise<{ count: number }> {
  const ids = await markNotificationsRead(ctx.db, ctx.viewer.user.id, { all: true });
  if (ids.length > 0) await announceRead(ctx, ctx.viewer.user.id, 'all');
  return { count: ids.length };
}

/**
 * Reading a conversation reads its notifications too (its 'new messages' and mentions): called
 * by the chat's mark-read calls for the reader.
 */
export async function readConversationNotifications(
  ctx: Pick<AppContext, 'db' | 'bus' | 'log'>,
  userId: number,
  conversation: { channelId: number } | { senderId: number },
): Promise<void> {
  const ids = await markNotificationsRead(ctx.db, userId, conversation);
  if (ids.length > 0) await announceRead(ctx, userId, ids);
}

/** The owner's other tabs and devices update their bell. */
function announceRead(ctx: Pick<AppContext, 'bus' | 'log'>, userId: number, ids: number[] | 'all'): Promise<void> {
  return publishLive(ctx, { type: 'notificationsRead', ids }, { userIds: [userId] });
}

export async function getNotificationPreferences(ctx: ServiceContext): Promise<NotificationPreferences> {
  return (await findNotificationPreferences(ctx.db, ctx.viewer.user.id)) ?? DEFAULT_NOTIFICATION_PREFERENCES;
}

/** The profile's switches: what is sent changes, the rest stays. */
export async function setNotificationPreferences(
  ctx: ServiceContext,
  changes: Partial<NotificationPreferences>,
): Promise<NotificationPreferences> {
  return ctx.db.transaction().execute(async (trx) => {
    const current = (await findNotificationPreferences(trx, ctx.viewer.user.id)) ?? DEFAULT_NOTIFICATION_PREFERENCES;
    const next = { ...current, ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) };
    await saveNotificationPreferences(trx, ctx.viewer.user.id, next);
    return next;
  });
}
