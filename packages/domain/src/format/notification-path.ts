/**
 * Notifications as the app's shell uses them, apart from their schemas (so the shell loads without
 * zod): where a click takes the reader, and the switches' defaults.
 */
import type { Notification, NotificationPreferences } from '../schemas/notification.js';

/** The profile's switches until the user turns one off. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = { emails: true, chatSounds: true, browser: true };

/** Where a click on the notification takes the reader (the web app's routes). */
export function notificationPath(
  notification: Pick<Notification, 'kind' | 'leadId' | 'groupId' | 'channelId' | 'senderId' | 'count'>,
): string {
  if (notification.channelId !== null) return `/chat?canal=${notification.channelId}`;
  if (notification.senderId !== null) return `/chat?con=${notification.senderId}`;
  if (notification.groupId !== null) return `/leads?grupo=${notification.groupId}`;
  if (notification.leadId !== null && notification.count <= 1) return `/leads/${notification.leadId}`;
  if (notification.kind === 'lead_assigned') return '/leads?asignado=yo';
  return '/';
}
