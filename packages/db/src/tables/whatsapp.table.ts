/** Row types of WhatsApp conversations on leads (migration 2026-11-27T2030). */
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './users.table.js';

export type WhatsAppDirection = 'inbound' | 'outbound';
export type WhatsAppOrigin = 'cloud' | 'export';
export type WhatsAppMessageKind =
  | 'text'
  | 'image'
  | 'document'
  | 'audio'
  | 'video'
  | 'sticker'
  | 'location'
  | 'contacts'
  | 'reaction'
  | 'template'
  | 'system'
  | 'unsupported';
/** 'received' for inbound; outbound ones move pending → sent → delivered → read, or to failed. */
export type WhatsAppMessageStatus = 'received' | 'pending' | 'sent' | 'delivered' | 'read' | 'failed';

export interface WhatsAppMessagesTable {
  id: Generated<string>;
  lead_id: number;
  direction: WhatsAppDirection;
  origin: WhatsAppOrigin;
  /** Meta's wamid, unique: a retried webhook keeps the message once. */
  wa_message_id: string | null;
  /** An exported chat's message digest, unique per lead: a re-import adds only what is new. */
  export_key: string | null;
  kind: WhatsAppMessageKind;
  body: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  attachment_id: number | null;
  author_name: string | null;
  sent_by: number | null;
  status: WhatsAppMessageStatus;
  failure_reason: string | null;
  sent_at: ColumnType<Date, Date | string, Date | string>;
  created_at: CreatedAt;
}

export interface WhatsAppConversationsTable {
  lead_id: number;
  /** The customer's WhatsApp id (E.164 digits, no '+'). */
  wa_id: string | null;
  last_message_at: ColumnType<Date, Date | string, Date | string>;
  /** Opens the 24-hour customer-service window. */
  last_inbound_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  unread_count: Generated<number>;
  created_at: CreatedAt;
}

/** The Cloud API connection (migration 2026-11-27T2040): one row; secrets sealed with a key kept outside the database. */
export interface WhatsAppSettingsTable {
  singleton: Generated<boolean>;
  phone_number_id: string | null;
  business_account_id: string | null;
  access_token_sealed: string | null;
  app_secret_sealed: string | null;
  verify_token: string;
  graph_base_url: string;
  graph_version: string;
  distribution_role_id: number | null;
  updated_at: Generated<Date>;
}

/** The account's message templates as last synced from Meta. */
export interface WhatsAppTemplatesTable {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string | null;
  components: ColumnType<unknown[], string, string>;
  synced_at: Generated<Date>;
}
