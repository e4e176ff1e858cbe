/**
 * 'Importar Leads' as a job (docs/import-format.md): upload → preview and mapping → start →
 * progress → result. The job lives in the database, so any replica answers about it; the
 * runner (import-job.runner.ts) stages its rows and publishes them in one transaction.
 */
import {
  type ImportJobRow,
  customRoleExists,
  findImportJob,
  insertImportJob,
  listImportJobRejectsAfter,
  listImportJobs,
  requestImportJobCancel,
} from '@crm/db';
import {
  DomainError,
  type ImportJobPreview,
  type ImportJobStart,
  type ImportJobState,
  type ImportPreviewRow,
  cellsOf,
  CSV_BOM,
  type CsvSeparator,
  checkImportRow,
  escapeCsvCell,
  guessFieldType,
  importSizeLimit,
  normalizeSearchText,
  type ImportCustomMapping,
  type CustomFieldDefinition,
} from '@crm/domain';
import type { ServiceContext } from '../../../context.js';
import { requirePermission } from '../../../require-permission.js';
import { guessMapping, requireMapping } from './import-csv.js';
import { resolveCustomColumns } from './import-custom-columns.js';
import { leadFieldDefinitions } from '../../custom-fields/custom-fields.service.js';
import { abandonImportJob } from './import-job-abandon.js';
import { type ImportSource, NO_DATA_ROWS, estimateRows, readSourceHead, storeSourceFile } from './import-source.js';
import type { ImportUpload } from './import-upload.js';
import { jobState, publishJobState, toJobState } from './import-job-state.js';
import { JOB_ALREADY_STARTED, claimImportRun } from './import.jobs.js';
import { estimateSheetRows } from './import-xlsx-size.js';
import { warmStagingThread } from './import-stage.js';

const ROLE_NOT_FOUND = 'El rol seleccionado no existe';
const JOB_NOT_FOUND = 'Importación no encontrada';

/** Columns left by the built-in mapping whose header is an active field's label or key. */
function guessCustomMapping(
  headers: readonly string[],
  taken: ImportMappingColumns,
  fields: readonly CustomFieldDefinition[],
): ImportCustomMapping {
  const mapping: ImportCustomMapping = {};
  headers.forEach((header, column) => {
    if (taken.has(column)) return;
    const name = normalizeSearchText(header);
    const field = fields.find((item) => !item.archived && (normalizeSearchText(item.label) === name || item.key === name));
    if (field && mapping[field.key] === undefined) mapping[field.key] = column;
  });
  return mapping;
}
type ImportMappingColumns = ReadonlySet<number | undefined>;

/** The file goes into the database, so whichever replica runs the job can read it. */
export async function createImportJob(ctx: ServiceContext, upload: ImportUpload): Promise<ImportJobPreview> {
  requirePermission(ctx, 'lead.manage');
  // A file uploaded is usually imported next: this replica's reading thread loads meanwhile.
  warmStagingThread(ctx);
  const sheet = upload.fields['sheet'] || undefined;
  const head = await readSourceHead(upload, sheet);
  if (!head.source) throw new DomainError('BAD_REQUEST', NO_DATA_ROWS);
  const source = head.source;
  const mapping = guessMapping(source.headers);
  const preview: ImportPreviewRow[] = head.rows.map(({ row, cells }) => {
    const check = checkImportRow(cellsOf(cells, mapping));
    return { row, cells, problem: 'problem' in check ? check.problem : null };
  });
  const customMapping = guessCustomMapping(source.headers, new Set(Object.values(mapping)), await leadFieldDefinitions(ctx));
  const fieldGuesses = source.headers.map((_header, column) => guessFieldType(head.rows.map(({ cells }) => cells[column] ?? '')));
  const totalRowsEstimate =
    source.format === 'csv' ? await estimateRows(upload.filePath) : await estimateSheetRows(upload.filePath, upload.size, sheet);
  const id = await insertImportJob(ctx.db, {
    createdBy: ctx.viewer.user.id,
    fileName: upload.fileName,
    fileSize: upload.size,
    source: JSON.stringify(source),
    totalEstimate: totalRowsEstimate,
  });
  await storeSourceFile(ctx.db, id, upload.filePath);
  const sheets = source.format === 'xlsx' ? { sheets: source.sheets } : {};
  return {
    id,
    fileName: upload.fileName,
    ...sheets,
    columns: source.headers,
    mapping,
    customMapping,
    fieldGuesses,
    preview,
    totalRowsEstimate,
  };
}

/** The caller's own job; anyone else's is as absent as a job that does not exist. */
async function ownJob(ctx: ServiceContext, id: number): Promise<ImportJobRow> {
  requirePermission(ctx, 'lead.manage');
  const job = await findImportJob(ctx.db, id);
  if (!job || job.created_by !== ctx.viewer.user.id) throw new DomainError('NOT_FOUND', JOB_NOT_FOUND);
  return job;
}

function sourceOf(job: ImportJobRow): ImportSource {
  return JSON.parse(job.source) as ImportSource;
}

/** Claims the job and enqueues its run: a worker on any replica runs it; its state is the job's row. */
export async function startImportJob(ctx: ServiceContext, id: number, settings: ImportJobStart): Promise<ImportJobState> {
  const job = await ownJob(ctx, id);
  if (job.status !== 'uploaded') throw new DomainError('CONFLICT', JOB_ALREADY_STARTED);
  if (settings.assignedRoleId !== null && !(await customRoleExists(ctx.db, settings.assignedRoleId))) {
    throw new DomainError('BAD_REQUEST', ROLE_NOT_FOUND);
  }
  const source = sourceOf(job);
  const mapping = settings.mapping ?? guessMapping(source.headers);
  requireMapping(mapping, source.headers.length, { categoryForAll: settings.category !== undefined });
  const customColumns = await resolveCustomColumns(ctx, settings, mapping, source.headers.length);
  await claimImportRun(ctx, job, source, { ...settings, mapping, customColumns });
  return getImportJob(ctx, id);
}

/** The file size this server accepts (IMPORT_MAX_MB), so the dialog refuses a larger file before uploading it. */
export function importUploadLimit(ctx: ServiceContext): { maxMb: number; maxBytes: number; tooLarge: string } {
  requirePermission(ctx, 'lead.manage');
  return importSizeLimit(ctx.env.IMPORT_MAX_MB);
}

export async function getImportJob(ctx: ServiceContext, id: number): Promise<ImportJobState> {
  return toJobState(ctx, await ownJob(ctx, id));
}

/** The caller's latest jobs, newest first (the dialog's list; errors are read per job). */
export async function listMyImportJobs(ctx: ServiceContext): Promise<ImportJobState[]> {
  requirePermission(ctx, 'lead.manage');
  const jobs = await listImportJobs(ctx.db, ctx.viewer.user.id, 20);
  return jobs.map((job) => jobState(job, []));
}

/** A running job stops at its next report or range and removes what it staged; one not started is cancelled now. */
export async function cancelImportJob(ctx: ServiceContext, id: number): Promise<ImportJobState> {
  await ownJob(ctx, id);
  const requested = await requestImportJobCancel(ctx.db, id);
  if (requested && !requested.wasRunning) {
    await abandonImportJob(ctx, id, { status: 'cancelled', failure: null });
  }
  const state = await toJobState(ctx, await ownJob(ctx, id));
  if (requested && !requested.wasRunning) await publishJobState(ctx, state, ctx.viewer.user.id);
  return state;
}

/** Skipped rows read from the database per page while errors.csv streams. */
const REJECTS_PER_PAGE = 1000;

/**
 * The skipped rows as the file had them plus a 'motivo' column, in the file's delimiter, UTF-8 with
 * a BOM so Excel reads the accents; streamed page by page from the database, cells a spreadsheet
 * would run as formulas defused as in the lead export.
 */
export async function importJobErrorsCsv(ctx: ServiceContext, id: number): Promise<{ fileName: string; lines: AsyncIterable<string> }> {
  const job = await ownJob(ctx, id);
  const source = sourceOf(job);
  const separator: CsvSeparator = source.format === 'csv' ? source.delimiter : ',';
  const line = (cells: readonly string[]) => `${cells.map((cell) => escapeCsvCell(cell, separator)).join(separator)}\r\n`;
  async function* lines(): AsyncGenerator<string> {
    yield CSV_BOM + line([...source.headers, 'motivo']);
    for (let afterRow = 0; ;) {
      const page = await listImportJobRejectsAfter(ctx.db, id, afterRow, REJECTS_PER_PAGE);
      if (page.length === 0) return;
      yield page.map((reject) => line([...source.headers.map((_header, index) => reject.cells[index] ?? ''), reject.reason])).join('');
      afterRow = page.at(-1)?.row ?? afterRow;
    }
  }
  const base = job.file_name.replace(/\.[^.]*$/, '') || 'importacion';
  return { fileName: `${base}-errores.csv`, lines: lines() };
}
