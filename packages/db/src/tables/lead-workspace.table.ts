/** Row types of a lead's history, its notes and its follow-ups (migration 1500). */
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from './users.table.js';

export interface LeadHistoryTable {
  id: Generated<number>;
  lead_id: number;
  type: string;
  actor_id: number | null;
  /** What changed, per type (docs/leads.md, 'Historial'). */
  changes: ColumnType<Record<string, unknown>, string | undefined, string>;
  at: CreatedAt;
}

export interface LeadNotesTable {
  id: Generated<number>;
  lead_id: number;
  author_id: number | null;
  body: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface FollowUpsTable {
  id: Generated<number>;
  lead_id: number;
  owner_id: number;
  due_at: Date;
  note: string | null;
  done_at: Date | null;
  reminded_at: Date | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
