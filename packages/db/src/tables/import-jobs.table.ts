/** Row types of import jobs, their file chunks, their staged rows and their skipped rows. */
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
  /** Rows published so far, while the job saves what it read (migration 2026-11-27T1000). */
  rows_saved: Generated<number>;
  /** When the job started publishing what it read. */
  saving_started_at: Date | null;
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

/**
 * A row of an import's file, staged while the file is read (COPY) and gone once the job ends:
 * the checked lead columns, or the problem that skips it; then what publishing decided.
 */
export interface ImportJobRowsTable {
  job_id: number;
  row_number: number;
  /** JSON array: the row's cells as the file had them (errors.csv). */
  cells: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  category: string | null;
  description: string | null;
  address: string | null;
  domain: string | null;
  email_key: string | null;
  phone_key: string | null;
  search_text: string | null;
  /** The row's primary contact (migration 2026-11-27T2000): inserted only with a name. */
  contact_name: string | null;
  contact_cargo: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  contact_search_text: string | null;
  /** Why the row is no lead of its own: the domain's check, or a repetition of an earlier row. */
  problem: string | null;
  /** Why the row, first in the file with its keys, would duplicate a lead already there. */
  conflict: string | null;
  /** The existing lead the row matched (by email, else phone). */
  matched_lead_id: number | null;
}
