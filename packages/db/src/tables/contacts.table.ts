/** Row type of a lead's contacts (migration 2026-11-27T2000). */
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from './users.table.js';

export interface ContactsTable {
  id: Generated<number>;
  lead_id: number;
  name: string;
  cargo: string | null;
  email: string | null;
  /** As the lead's phone: E.164 when the team's country recognises it. */
  phone: string | null;
  phone_has_whatsapp: Generated<boolean>;
  whatsapp_phone: string | null;
  notes: string | null;
  /** At most one per lead (partial unique index contacts_one_primary_idx). */
  is_primary: Generated<boolean>;
  custom_fields: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** leadSearchText(name, email): what Ctrl+K matches, through a trigram index. */
  search_text: string;
  /** Generated: the digits of the phone and of the WhatsApp number, space-separated. */
  phone_key: ColumnType<string | null, never, never>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
