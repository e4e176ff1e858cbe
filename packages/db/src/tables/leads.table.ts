/** Row types of leads, their import groups and conversation tracking. */
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from './users.table.js';

export type LeadStatusColumn = 'nuevo' | 'contactado' | 'interesado' | 'convertido' | 'perdido';

export interface LeadGroupsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  assigned_role_id: number | null;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface LeadsTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  phone: string | null;
  category: string;
  description: string | null;
  status: ColumnType<LeadStatusColumn, LeadStatusColumn | undefined, LeadStatusColumn>;
  assigned_to: number | null;
  group_id: number | null;
  contacted_by: number | null;
  contacted_at: Date | null;
  converted_at: Date | null;
  address: string | null;
  domain: string | null;
  search_text: Generated<string>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ConversationTrackingTable {
  id: Generated<number>;
  lead_id: number;
  progress_level: Generated<string>;
  messages_from_lead: Generated<number>;
  messages_to_lead: Generated<number>;
  has_responded: Generated<boolean>;
  /** 'YYYY-MM-DD' on both backends (see create-db type parsers). */
  last_contact_date: string;
  notes: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
