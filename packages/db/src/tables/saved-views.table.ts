/** Row type of a person's saved views of the leads list (migration 2000). */
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './users.table.js';

export interface SavedViewsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  view: 'table' | 'cards' | 'board';
  /** The list's filters as the domain's savedViewFiltersSchema gives them. */
  filters: ColumnType<Record<string, unknown>, string, string>;
  created_at: CreatedAt;
}
