/** Row types of import jobs, their file chunks, their skipped rows, their staged updates and dedup keys. */
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './users.table.js';

export type ImportJobStatusColumn = 'uploaded' | 'running' | 'done' | 'failed' | 'cancelled';

export interface ImportJobsTable {
  id: Generated<number>;
  created_by: number;
  file_name: string;
  /** bigint: a string from `pg`; read through Number(). */
  file_size: ColumnType<number | string, number, number>;
  source: string;
  settings: string | null;
  status: ColumnType<ImportJobStatusColumn, ImportJobStatusColumn | undefined, ImportJobStatusColumn>;
  cancel_requested: Generated<boolean>;
  rows_read: Generated<number>;
  imported: Generated<number>;
  updated: Generated<number>;
  skipped: Generated<number>;
  total_estimate: Generated<number>;
  group_id: number | null;
  failure: string | null;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface ImportJobChunksTable {
  job_id: number;
  seq: number;
  data: Uint8Array;
}

export interface ImportJobRejectsTable {
  job_id: number;
  row_number: number;
  cells: string;
  reason: string;
}

/** A change an import will make to an existing lead when it publishes; null fields keep the lead's value. */
export interface ImportJobUpdatesTable {
  job_id: number;
  lead_id: number;
  name: string;
  category: string;
  email: string | null;
  phone: string | null;
  description: string | null;
  address: string | null;
  domain: string | null;
  search_text: string;
}

/**
 * A dedup key of an import row that matched an existing lead: an email key (always has an '@') or a
 * phone key (digits only), so one column holds both without ambiguity.
 */
export interface ImportJobKeysTable {
  job_id: number;
  key: string;
}
