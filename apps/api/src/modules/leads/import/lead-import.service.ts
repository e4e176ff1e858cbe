/**
 * The documented synchronous 'Importar Leads' (docs/import-format.md): one import job, started
 * with the guessed mapping and awaited (a worker on any replica runs it; this request watches its
 * row), answered as before (a failed job is its Spanish 400).
 */
import { type ImportJobRow, findImportJob } from '@crm/db';
import { DomainError, type ImportForm, type ImportResult } from '@crm/domain';
import type { ServiceContext } from '../../../context.js';
import { abandonImportJob } from './import-job-abandon.js';
import { NOTHING_IMPORTED } from './import-publish.js';
import { createImportJob, startImportJob, toJobState } from './import-job.service.js';
import type { ImportUpload } from './import-upload.js';

/**
 * Rows are numbered as a spreadsheet shows them: the header is Fila 1, the first lead Fila 2
 * (a quoted cell spanning lines is still one row).
 */
export async function importLeads(ctx: ServiceContext, upload: ImportUpload, form: ImportForm): Promise<ImportResult> {
  const preview = await createImportJob(ctx, upload);
  try {
    await startImportJob(ctx, preview.id, { ...form, onDuplicate: 'skip' });
  } catch (error) {
    // Refused before it ran (a missing column, an unknown role): the job and its stored file go.
    await abandonImportJob(ctx, preview.id, { status: 'failed', failure: error instanceof Error ? error.message : null });
    throw error;
  }
  const job = await jobEnded(ctx, preview.id);
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

/** How often the request looks at its job's row while a worker runs it. */
const JOB_POLL_MS = 100;

async function jobEnded(ctx: ServiceContext, id: number): Promise<ImportJobRow> {
  for (;;) {
    const job = await findImportJob(ctx.db, id);
    if (!job) throw new DomainError('NOT_FOUND', 'Importación no encontrada');
    if (job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS));
  }
}
