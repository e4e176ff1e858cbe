/** Row types of team chat (messages, channels, their members and reads, attachments) and the activity feed. */
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './users.table.js';

/** Images and documents from the chat; audio and video too from WhatsApp. */
export type ChatAttachmentKind = 'image' | 'document' | 'audio' | 'video';

export interface ChatMessagesTable {
  id: Generated<number>;
  sender_id: number;
  /** Null for a channel message. */
  receiver_id: number | null;
  /** Null for a one-to-one message. */
  channel_id: number | null;
  message: string;
  is_read: Generated<boolean>;
  read_at: Date | null;
  attachment_id: number | null;
  lead_id: number | null;
  created_at: CreatedAt;
}

/** Each sender's send times within the rate window, what the chat rate limit counts (its row lock orders one person's sends). */
export interface ChatSendTimesTable {
  user_id: number;
  recent: Date[];
}

/** The conversation an open tab shows (its notifications' collapse key), until the tab's report expires. */
export interface ChatViewingTable {
  user_id: number;
  tab_id: string;
  collapse_key: string;
  expires_at: Date;
}

export interface ChatChannelsTable {
  id: Generated<number>;
  kind: 'general' | 'role' | 'team' | 'group';
  name: string | null;
  custom_role_id: number | null;
  /** A team channel's team (migration 2026-11-27T2050): found by id, never by a name. */
  team_id: number | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The stored members of group chats (the other kinds derive theirs). */
export interface ChatChannelMembersTable {
  channel_id: number;
  user_id: number;
  created_at: CreatedAt;
}

/** A view: who belongs to each channel now, whatever its kind. */
export interface ChatChannelMembershipView {
  channel_id: ColumnType<number, never, never>;
  user_id: ColumnType<number, never, never>;
}

export interface ChatChannelReadsTable {
  channel_id: number;
  user_id: number;
  last_read_message_id: number;
}

export interface ChatAttachmentsTable {
  id: Generated<number>;
  /** Null for a file that came in over WhatsApp (no user uploaded it). */
  uploader_id: number | null;
  kind: ChatAttachmentKind;
  content_type: string;
  file_name: string;
  size: number;
  width: number | null;
  height: number | null;
  created_at: CreatedAt;
}

/** An attachment's bytes, in order. */
export interface ChatAttachmentChunksTable {
  attachment_id: number;
  seq: number;
  data: Uint8Array;
}

export interface ActivitiesTable {
  id: Generated<number>;
  type: string;
  description: string;
  user_id: number | null;
  lead_id: number | null;
  created_at: CreatedAt;
}
