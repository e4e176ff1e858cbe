/** Row types of the notification centre and the per-user switches (migration 1800). */
import type { Generated } from 'kysely';
import type { CreatedAt } from './users.table.js';

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'lead_assigned' | 'follow_up_due' | 'chat_message' | 'mention' | 'import_finished' | 'webhook_paused';
  title: string;
  body: string;
  lead_id: number | null;
  group_id: number | null;
  channel_id: number | null;
  sender_id: number | null;
  follow_up_id: number | null;
  count: Generated<number>;
  /** Unread notifications with the same key are one (a conversation's unread streak). */
  collapse_key: string | null;
  created_at: CreatedAt;
  read_at: Date | null;
}

export interface NotificationPreferencesTable {
  user_id: number;
  emails: boolean;
  chat_sounds: boolean;
  browser: boolean;
}

/** The leads a 'Te asignaron N leads' notification stands for (migration 2026-11-26T0900). */
export interface NotificationLeadsTable {
  notification_id: number;
  lead_id: number;
}
