/**
 * Runs an import job, as the queue's `import.run` handler on whichever replica took it
 * (import.jobs.ts): read → check → stage → publish, the last two overlapping.
 * - read, check and stage, in a worker thread (import-stage.ts): the job's stored file row by row,
 *   each row checked by the domain and COPYed into import_job_rows as it is read (nothing kept in
 *   memory), committed a chunk at a time;
 * - publish: one transaction takes each chunk as it is committed, decides its repeats and
 *   duplicates in SQL and writes its leads and their history; then the group, the activity and the
 *   notifications (import-publish.ts).
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
import { publishStagedRows } from './import-publish.js';
import { type ImportSource, restoreSourceFile } from './import-source.js';
import { ImportCancelled, type ImportSettings, type Staging, StagingInterrupted, startStaging, warmStagingThread } from './import-stage.js';

export const SERVER_STOPPED = 'La importación se interrumpió porque el servidor se detuvo';
const INTERNAL_FAILURE = 'La importación falló por un error interno';

/**
 * The job's stored file, read into a temporary file of this replica, staged by the worker thread
 * while `publish` takes its chunks; the worker has stopped and the file is gone when this ends.
 */
async function stageAndPublish(
  ctx: JobContext,
  jobId: number,
  job: { source: ImportSource; settings: ImportSettings },
  stopping: AbortSignal,
  publish: (staging: Staging) => Promise<void>,
) {
  // Loads while the file is restored (the upload warmed one on its own replica, if it was this one).
  warmStagingThread(ctx);
  // Phones typed without a country code are read in the team's country as the run starts.
  const { country } = (await loadTeamSettings(ctx)).settings;
  const file = await restoreSourceFile(ctx.db, jobId);
  try {
    const request = { database: ctx.database, jobId, filePath: file.filePath, country, ...job };
    const staging = startStaging(ctx, request, stopping, () => publishJobProgress(ctx, jobId));
    try {
      await publish(staging);
    } finally {
      // After a failed publish the worker may still be reading: it stops before its rows are removed.
      await staging.stop();
    }
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
    await stageAndPublish(ctx, jobId, { source, settings }, run.signal, async (staging) => {
      // The publishing transaction is the import's other heavy part: on a connection of its own, at background priority.
      const background = await openBackgroundDb(ctx.database);
      try {
        await publishStagedRows(asOwner, background.db, { id: jobId, fileName: job.file_name }, settings, staging, () =>
          publishJobProgress(ctx, jobId),
        );
      } finally {
        await background.close();
      }
    });
  } catch (error) {
    if (error instanceof ImportCancelled) {
      await abandonImportJob(ctx, jobId, { status: 'cancelled', failure: null });
    } else if (error instanceof StagingInterrupted) {
      await abandonImportJob(ctx, jobId, { status: 'failed', failure: SERVER_STOPPED });
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
