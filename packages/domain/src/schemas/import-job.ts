/** The import as a job (docs/import-format.md): its mapping, the settings it starts with, and its status as screens see it. */
import { z } from 'zod';
import { importFormSchema } from './lead-group.js';
import { leadCategorySchema } from './lead.js';
import { customFieldKeySchema, customFieldTypeSchema } from './custom-field.js';

/** The lead fields a file's columns can feed, then its primary contact's (docs/contacts.md, 'Importar'). */
export const IMPORT_FIELDS = [
  'name',
  'categoryName',
  'email',
  'phone',
  'address',
  'domain',
  'description',
  'contactName',
  'contactCargo',
  'contactEmail',
  'contactPhone',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Field → index of the file's column that feeds it; an absent field is left empty. */
export const importMappingSchema = z.partialRecord(
  z.enum(IMPORT_FIELDS),
  z.number({ message: 'Columna inválida' }).int({ message: 'Columna inválida' }).min(0, { message: 'Columna inválida' }),
);
export type ImportMapping = z.infer<typeof importMappingSchema>;

const columnIndexSchema = z
  .number({ message: 'Columna inválida' })
  .int({ message: 'Columna inválida' })
  .min(0, { message: 'Columna inválida' });

/** Existing custom field key → index of the column that fills it. */
export const importCustomMappingSchema = z.record(customFieldKeySchema, columnIndexSchema);
export type ImportCustomMapping = z.infer<typeof importCustomMappingSchema>;

/** '＋ Crear campo': a new lead field for a column, defined when the import starts (admins only). */
export const importNewFieldSchema = z.object({
  column: columnIndexSchema,
  label: z.string().trim().min(1, { message: 'El nombre del campo es requerido' }).max(100, { message: 'Máximo 100 caracteres' }),
  type: customFieldTypeSchema,
});
export type ImportNewField = z.infer<typeof importNewFieldSchema>;

export const IMPORT_DUPLICATE_RULES = ['skip', 'update'] as const;

export const importJobStartSchema = importFormSchema.extend({
  mapping: importMappingSchema.optional(),
  onDuplicate: z.enum(IMPORT_DUPLICATE_RULES, { message: 'Regla de duplicados inválida' }).default('skip'),
  /** One category for every row, for a file without a category column. */
  category: leadCategorySchema.optional(),
  customMapping: importCustomMappingSchema.optional(),
  newFields: z.array(importNewFieldSchema).max(20, { message: 'Máximo 20 campos nuevos por importación' }).optional(),
});
export type ImportJobStartInput = z.input<typeof importJobStartSchema>;
export type ImportJobStart = z.output<typeof importJobStartSchema>;

export const IMPORT_JOB_STATUSES = ['uploaded', 'running', 'done', 'failed', 'cancelled'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

export const importPreviewRowSchema = z.object({
  /** As a spreadsheet numbers it: the header is row 1. */
  row: z.number().int(),
  cells: z.array(z.string()),
  /** Why this row would be skipped; null when it would be imported. */
  problem: z.string().nullable(),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRowSchema>;

export const importJobPreviewSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  /** The workbook's sheets (an .xlsx only). */
  sheets: z.array(z.string()).optional(),
  columns: z.array(z.string()),
  mapping: importMappingSchema,
  /** Columns whose header names an existing custom field (its label or key). */
  customMapping: importCustomMappingSchema,
  /** Per column, the type '＋ Crear campo' would give it, guessed from the preview's values. */
  fieldGuesses: z.array(z.object({ type: customFieldTypeSchema, options: z.array(z.string()) })),
  preview: z.array(importPreviewRowSchema),
  totalRowsEstimate: z.number().int(),
});
export type ImportJobPreview = z.infer<typeof importJobPreviewSchema>;

export const IMPORT_JOB_PHASES = ['reading', 'saving'] as const;
export type ImportJobPhase = (typeof IMPORT_JOB_PHASES)[number];

/** A job's progress and outcome; `errors` are the first skipped rows. */
export const importJobStateSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  status: z.enum(IMPORT_JOB_STATUSES),
  groupName: z.string().nullable(),
  rowsRead: z.number().int(),
  imported: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  /** Rows the file has (an estimate until the job ends). */
  total: z.number().int(),
  /**
   * A running job reads its file ('reading', saving each chunk read meanwhile), then saves the chunks
   * still waiting ('saving'); what it saved becomes visible in one go at the end; null once it ended.
   */
  phase: z.enum(IMPORT_JOB_PHASES).nullable(),
  /** Rows saved so far (of `rowsRead`). */
  rowsSaved: z.number().int(),
  /** Rows per second of the current phase (read, or saved) since the job started, measured by the server; null before any row. */
  rowsPerSecond: z.number().nullable(),
  errors: z.array(z.string()),
  groupId: z.number().int().nullable(),
  /** Why a failed job failed. */
  failure: z.string().nullable(),
  createdAt: z.date(),
  startedAt: z.date().nullable(),
  finishedAt: z.date().nullable(),
});
export type ImportJobState = z.infer<typeof importJobStateSchema>;

/** How big an upload may be, for the import dialog to say before sending. */
export const importUploadLimitSchema = z.object({ maxMb: z.number(), maxBytes: z.number(), tooLarge: z.string() });
