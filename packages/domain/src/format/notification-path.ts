/**
 * Notifications as the app's shell uses them, apart from their schemas (so the shell loads without
 * zod): where a click takes the reader, and the switches' defaults.
 */
import type { Notification, NotificationPreferences } from '../schemas/notification.js';

/** The profile's switches until the user turns one off. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = { emails: true, chatSounds: true, browser: true };

/** Where a click on the notification takes the reader (the web app's routes). */
export function notificationPath(
  notification: Pick<Notification, 'id' | 'kind' | 'leadId' | 'groupId' | 'channelId' | 'senderId' | 'count'>,
): string {
  if (notification.channelId !== null) return `/chat?canal=${notification.channelId}`;
  if (notification.senderId !== null) return `/chat?con=${notification.senderId}`;
  // 'Te asignaron 10 leads' opens exactly those ten, wherever they are (not their whole group).
  if (notification.kind === 'lead_assigned' && notification.count > 1) return `/leads?aviso=${notification.id}`;
  if (notification.kind === 'webhook_paused') return '/configuracion/webhooks';
  if (notification.groupId !== null) return `/leads?grupo=${notification.groupId}`;
  if (notification.leadId !== null) return `/leads/${notification.leadId}`;
  return '/';
}
