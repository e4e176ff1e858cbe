/** The import as a job (docs/import-format.md): its mapping, the settings it starts with, and its status as screens see it. */
import { z } from 'zod';
import { importFormSchema } from './lead-group.js';
import { leadCategorySchema } from './lead.js';

/** The lead fields a file's columns can feed. */
export const IMPORT_FIELDS = ['name', 'categoryName', 'email', 'phone', 'address', 'domain', 'description'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Field → index of the file's column that feeds it; an absent field is left empty. */
export const importMappingSchema = z.partialRecord(
  z.enum(IMPORT_FIELDS),
  z.number({ message: 'Columna inválida' }).int({ message: 'Columna inválida' }).min(0, { message: 'Columna inválida' }),
);
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const IMPORT_DUPLICATE_RULES = ['skip', 'update'] as const;

export const importJobStartSchema = importFormSchema.extend({
  mapping: importMappingSchema.optional(),
  onDuplicate: z.enum(IMPORT_DUPLICATE_RULES, { message: 'Regla de duplicados inválida' }).default('skip'),
  /** One category for every row, for a file without a category column. */
  category: leadCategorySchema.optional(),
});
export type ImportJobStartInput = z.input<typeof importJobStartSchema>;
export type ImportJobStart = z.output<typeof importJobStartSchema>;

export const IMPORT_JOB_STATUSES = ['uploaded', 'running', 'done', 'failed', 'cancelled'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

export interface ImportPreviewRow {
  /** As a spreadsheet numbers it: the header is row 1. */
  row: number;
  cells: string[];
  /** Why this row would be skipped; null when it would be imported. */
  problem: string | null;
}

export interface ImportJobPreview {
  id: number;
  fileName: string;
  /** The workbook's sheets (an .xlsx only). */
  sheets?: string[];
  columns: string[];
  mapping: ImportMapping;
  preview: ImportPreviewRow[];
  totalRowsEstimate: number;
}

export type ImportJobPhase = 'reading' | 'saving';

/** A job's progress and outcome; `errors` are the first skipped rows. */
export interface ImportJobState {
  id: number;
  fileName: string;
  status: ImportJobStatus;
  groupName: string | null;
  rowsRead: number;
  imported: number;
  updated: number;
  skipped: number;
  /** Rows the file has (an estimate until the job ends). */
  total: number;
  /** A running job reads its file, then saves what it read in one go; null once it ended. */
  phase: ImportJobPhase | null;
  /** Rows saved so far, while saving (of `rowsRead`). */
  rowsSaved: number;
  /** Rows per second in the current phase, measured by the server; null before any row. */
  rowsPerSecond: number | null;
  errors: string[];
  groupId: number | null;
  /** Why a failed job failed. */
  failure: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}
