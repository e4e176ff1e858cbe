/**
 * Runs an import job, as the queue's `import.run` handler on whichever replica took it
 * (import.jobs.ts): read → check → stage → publish.
 * - read, check and stage, in a worker thread (import-stage.ts): the job's stored file row by row,
 *   each row checked by the domain and COPYed into import_job_rows as it is read (nothing kept in memory);
 * - publish: one transaction decides repeats and duplicates in SQL and writes the leads, their
 *   history, the group, the activity and the notifications (import-publish.ts).
 * Nothing is visible before that transaction commits. A cancel, a failure or a crash leaves
 * nothing but the job's end: its staged rows are deleted. A replica killed mid-job has its job
 * failed cleanly by the next try, on a live replica. A failed run tells its owner.
 */
import { findImportJob, findUserById, openBackgroundDb } from '@crm/db';
import { DomainError } from '@crm/domain';
import type { ServiceContext } from '../../../context.js';
import type { JobContext, JobRun } from '../../../jobs/job-definition.js';
import { loadTeamSettings } from '../../settings/team-settings.service.js';
import { abandonImportJob } from './import-job-abandon.js';
import { publishJobProgress } from './import-job-state.js';
import { ImportCancelled, publishStagedRows } from './import-publish.js';
import { type ImportSource, NO_DATA_ROWS, restoreSourceFile } from './import-source.js';
import { type ImportSettings, stageImportRows } from './import-stage.js';

export const SERVER_STOPPED = 'La importación se interrumpió porque el servidor se detuvo';
const INTERNAL_FAILURE = 'La importación falló por un error interno';

/** The job's stored file, read into a temporary file of this replica, staged by the worker thread. */
async function stageFile(ctx: JobContext, jobId: number, source: ImportSource, settings: ImportSettings, stopping: AbortSignal) {
  // Phones typed without a country code are read in the team's country as the run starts.
  const { country } = (await loadTeamSettings(ctx)).settings;
  const file = await restoreSourceFile(ctx.db, jobId);
  try {
    const request = { database: ctx.database, jobId, filePath: file.filePath, source, settings, country };
    return await stageImportRows(ctx, request, stopping, () => publishJobProgress(ctx, jobId));
  } finally {
    await file.cleanup();
  }
}

/** The `import.run` handler: the job was claimed (running) by the request that started it. */
export async function runImportJob(ctx: JobContext, jobId: number, run: JobRun): Promise<void> {
  const job = await findImportJob(ctx.db, jobId);
  // Ended before a worker took it (a cancel), or by an earlier try: nothing is left to do.
  if (!job || job.status !== 'running' || job.settings === null) return;
  const owner = await findUserById(ctx.db, job.created_by, { includeDeactivated: true });
  if (run.attempt > 0 || !owner) {
    // An earlier try died with its replica (the queue took the job back when its heartbeat stopped).
    ctx.log.warn({ importJobId: jobId, attempt: run.attempt }, 'Importación interrumpida: se retira lo que había leído');
    await abandonImportJob(ctx, jobId, { status: 'failed', failure: SERVER_STOPPED });
    await publishJobProgress(ctx, jobId);
    return;
  }
  ctx.log.info({ importJobId: jobId }, 'Importación en marcha en esta réplica');
  const asOwner: ServiceContext = { ...ctx, viewer: { user: owner, sessionId: '', mustEnrolSecondFactor: false } };
  const settings = JSON.parse(job.settings) as ImportSettings;
  const source = JSON.parse(job.source) as ImportSource;
  try {
    const staged = await stageFile(ctx, jobId, source, settings, run.signal);
    if ('stopped' in staged) {
      if (staged.stopped === 'cancelled') throw new ImportCancelled();
      throw new DomainError('BAD_REQUEST', SERVER_STOPPED);
    }
    if (staged.rowsRead === 0) throw new DomainError('BAD_REQUEST', NO_DATA_ROWS);
    // The publishing transaction is the import's other heavy part: on a connection of its own, at background priority.
    const background = await openBackgroundDb(ctx.database);
    try {
      await publishStagedRows(asOwner, background.db, { id: jobId, fileName: job.file_name }, settings, () =>
        publishJobProgress(ctx, jobId),
      );
    } finally {
      await background.close();
    }
  } catch (error) {
    if (error instanceof ImportCancelled) {
      await abandonImportJob(ctx, jobId, { status: 'cancelled', failure: null });
    } else {
      // A file the reader refuses arrives as its Spanish DomainError (the worker words it).
      if (!(error instanceof DomainError)) ctx.log.error({ err: error, importJobId: jobId }, 'La importación falló');
      await abandonImportJob(ctx, jobId, {
        status: 'failed',
        failure: error instanceof DomainError ? error.message : INTERNAL_FAILURE,
      }).catch((abandonError: unknown) =>
        ctx.log.error({ err: abandonError, importJobId: jobId }, 'No se pudo cerrar una importación fallida'),
      );
    }
  }
  await publishJobProgress(ctx, jobId).catch(() => undefined);
}
