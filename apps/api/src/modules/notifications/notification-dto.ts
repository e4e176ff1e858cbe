/** Procedures and live events carry the notification without its owner's id (the reader is the owner). */
import type { StoredNotification } from '@crm/db';
import type { Notification } from '@crm/domain';

export function toNotificationDto({ userId: _owner, ...notification }: StoredNotification): Notification {
  return notification;
}
