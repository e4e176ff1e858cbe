/**
 * The notification centre (issue 14): what each notification says and where a click takes the
 * reader, the list query and the per-user switches of the profile's 'Notificaciones' card.
 */
import { z } from 'zod';

export const NOTIFICATION_KINDS = [
  'lead_assigned',
  'follow_up_due',
  'chat_message',
  'mention',
  'import_finished',
  'webhook_paused',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Ready-to-show Spanish text, written when the notification is. */
  title: z.string(),
  body: z.string(),
  /** What it points to (at most one of lead, group, channel, direct conversation). */
  leadId: z.number().nullable(),
  groupId: z.number().nullable(),
  channelId: z.number().nullable(),
  /** The other person of a one-to-one conversation. */
  senderId: z.number().nullable(),
  /** Leads handed over at once ('Te asignaron 25 leads'); 1 otherwise. */
  count: z.number(),
  createdAt: z.date(),
  readAt: z.date().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications?unread=true|false&limit=N: newest first. */
export const notificationListQuerySchema = z.object({
  unread: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .or(z.boolean())
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

/** The profile's switches, stored per user on the server: all on until the user turns one off. */
export const notificationPreferencesSchema = z.object({
  /** 'Emails': summaries by email. */
  emails: z.boolean(),
  /** 'Chat': a sound for what arrives while the tab is in the background. */
  chatSounds: z.boolean(),
  /** 'Avisos del navegador': a system notification while the tab is in the background. */
  browser: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const notificationPreferencesUpdateSchema = notificationPreferencesSchema.partial();

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notificación no encontrada',
} as const;

/**
 * The usernames a chat message mentions ('@ana.lopez'), lowercased and once each. An address
 * (ana@example.com) is not a mention: the '@' must start the text or follow a space or punctuation.
 */
export function mentionedUsernames(message: string): string[] {
  const names = new Set<string>();
  for (const match of message.matchAll(/(?:^|[^\p{L}\p{N}._@-])@([a-z0-9._-]{1,60})/giu)) {
    const name = (match[1] ?? '').replace(/[._-]+$/, '').toLowerCase();
    if (name) names.add(name);
  }
  return [...names];
}

/** Procedures and live events carry a notification without its owner's id (the reader is the owner). */
export function toNotificationDto({ userId: _owner, ...notification }: Notification & { userId: number }): Notification {
  return notification;
}
