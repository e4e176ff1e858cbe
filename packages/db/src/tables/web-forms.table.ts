/** Row types of web forms, their submissions and their spam defences (migration 2026-11-27T1800). */
import type { WebFormFieldSetting } from '@crm/domain';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from './users.table.js';

/** `{ field, required }`: a lead field ('email'), a contact field ('contact.cargo') or a custom one ('customFields.provincia'). */
export type WebFormFieldSettingJson = WebFormFieldSetting;

export interface WebFormsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  /** The fields shown, in order, each required or not (a custom field archived since is kept, and hidden on read). */
  fields: ColumnType<WebFormFieldSettingJson[], string, string>;
  /** null: the visitor chooses. */
  category: string | null;
  role_id: number | null;
  thank_you_text: string;
  redirect_url: string | null;
  allowed_origins: Generated<string[]>;
  active: Generated<boolean>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface WebFormSubmissionsTable {
  id: Generated<number>;
  form_id: number;
  lead_id: number | null;
  outcome: 'created' | 'merged';
  page_url: string | null;
  referrer: string | null;
  utm: ColumnType<Record<string, string>, string, string>;
  /** The sender's address, hashed with the server's secret: enough to tell repeats apart, not to find the person. */
  address_hash: string;
  /** Its follow-up (distribution, notification, webhooks) has not run yet (migration 2026-11-28T0300). */
  awaiting_follow_up: Generated<boolean>;
  created_at: CreatedAt;
}

export interface WebFormAddressHitsTable {
  address_hash: string;
  hit_at: Date[];
}

export interface WebFormSpentChallengesTable {
  signature: string;
  expires_at: Date;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}
