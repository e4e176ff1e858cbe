/** Row type of the custom field definitions (migration 2026-11-27T2020). */
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from './users.table.js';

export interface CustomFieldDefinitionsTable {
  id: Generated<number>;
  entity: 'lead' | 'contact';
  key: string;
  label: string;
  type: string;
  /** The choices of a select, written as JSON text. */
  options: ColumnType<string[], string | undefined, string>;
  required: Generated<boolean>;
  position: number;
  archived_at: Date | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
