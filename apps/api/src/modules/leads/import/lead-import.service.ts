/**
 * The documented synchronous 'Importar Leads' (docs/import-format.md): one import job, started
 * with the guessed mapping and awaited, answered as before (a failed job is its Spanish 400).
 */
import { findImportJob } from '@crm/db';
import { DomainError, type ImportForm, type ImportResult } from '@crm/domain';
import type { ServiceContext } from '../../../context.js';
import { abandonImportJob } from './import-job-abandon.js';
import { NOTHING_IMPORTED } from './import-job.runner.js';
import { createImportJob, startImportJob, toJobState } from './import-job.service.js';
import type { ImportUpload } from './import-upload.js';

/**
 * Rows are numbered as a spreadsheet shows them: the header is Fila 1, the first lead Fila 2
 * (a quoted cell spanning lines is still one row).
 */
export async function importLeads(ctx: ServiceContext, upload: ImportUpload, form: ImportForm): Promise<ImportResult> {
  // Run here from the upload itself: no other replica will start this job, so its file is not stored.
  const preview = await createImportJob(ctx, upload, { storeFile: false });
  try {
    const { run } = await startImportJob(ctx, preview.id, { ...form, onDuplicate: 'skip' }, upload.filePath);
    await run;
  } catch (error) {
    // Refused before it ran (a missing column, an unknown role): the job and its stored file go.
    await abandonImportJob(ctx, preview.id, { status: 'failed', failure: error instanceof Error ? error.message : null });
    throw error;
  }
  const job = await findImportJob(ctx.db, preview.id);
  if (!job) throw new DomainError('NOT_FOUND', 'Importación no encontrada');
  const state = await toJobState(ctx, job);
  if (job.status !== 'done') {
    const issues = job.failure === NOTHING_IMPORTED ? state.errors.map((message) => ({ path: [], message })) : undefined;
    throw new DomainError('BAD_REQUEST', job.failure ?? 'La importación no terminó', issues);
  }
  return {
    imported: job.imported,
    skipped: job.skipped,
    total: job.rows_read,
    groupName: form.groupName,
    assignedRoleId: form.assignedRoleId,
    groupId: job.group_id ?? 0,
    errors: state.errors,
  };
}
