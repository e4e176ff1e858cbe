/** Row type of the team settings (migration 2026-11-26T0900): at most one row, key always true. */
import type { ColumnType } from 'kysely';
import type { UpdatedAt } from './users.table.js';

export interface TeamSettingsTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  country: string;
  currency: string;
  locale: string;
  time_zone: string;
  working_days: number[];
  /** numeric(14,2), default 1500 (migration 2026-11-27T2010): a converted lead's value without an amount. */
  value_per_conversion: ColumnType<string, string | undefined, string>;
  updated_by: number | null;
  updated_at: UpdatedAt;
}
