/**
 * An import's background work: the run itself (`import.run`, on whichever replica the queue hands
 * it to) and, once an hour on one replica, dropping the files of previews nobody started.
 */
import { claimImportJob, dropAbandonedImportUploads, type ImportJobRow } from '@crm/db';
import { DomainError, type ImportCustomColumn, type ImportJobStart } from '@crm/domain';
import { z } from 'zod';
import type { ServiceContext } from '../../../context.js';
import { defineJob } from '../../../jobs/job-definition.js';
import { guessMapping, requireMapping } from './import-csv.js';
import { runImportJob } from './import-job.runner.js';
import type { ImportSource } from './import-source.js';

export const JOB_ALREADY_STARTED = 'Esta importación ya se inició';
/** A preview nobody started within a day is not coming back: its file leaves the database. */
const ABANDONED_UPLOAD_MS = 24 * 60 * 60_000;
const UPLOAD_ABANDONED = 'La vista previa se descartó porque no se inició en 24 horas';
/** Uploads dropped per statement (each removes its files' chunks too). */
const DROP_BATCH = 20;

export const importRunJob = defineJob({
  name: 'import.run',
  payload: z.object({ jobId: z.number().int() }),
  settings: {
    // A later try only fails the job cleanly (runImportJob): a few are plenty.
    retries: 3,
    retryDelaySeconds: 1,
    // A replica that stops heartbeating (killed) loses the job to another within about 30 s.
    heartbeatSeconds: 10,
    // The largest imports run for many minutes; the heartbeat, not this, finds a dead replica.
    expireInSeconds: 6 * 60 * 60,
  },
  handler: (ctx, { jobId }, run) => runImportJob(ctx, jobId, run),
});

export const dropAbandonedUploadsJob = defineJob({
  name: 'import.drop-abandoned-uploads',
  payload: z.object({}),
  settings: { retries: 2, retryDelaySeconds: 60, cron: '17 * * * *' },
  async handler(ctx) {
    const before = new Date(Date.now() - ABANDONED_UPLOAD_MS);
    let dropped: number[];
    do {
      dropped = await dropAbandonedImportUploads(ctx.db, before, UPLOAD_ABANDONED, DROP_BATCH);
      for (const id of dropped) ctx.log.info({ importJobId: id }, 'Vista previa de importación abandonada: se borra su archivo');
    } while (dropped.length === DROP_BATCH);
  },
});

/** Claims the job (exactly one start can) and enqueues its run in the same transaction. */
export async function claimImportRun(
  ctx: ServiceContext,
  job: ImportJobRow,
  source: ImportSource,
  settings: ImportJobStart & { customColumns?: ImportCustomColumn[] },
): Promise<void> {
  const mapping = settings.mapping ?? guessMapping(source.headers);
  requireMapping(mapping, source.headers.length, { categoryForAll: settings.category !== undefined });
  const claimed = await ctx.db.transaction().execute(async (trx) => {
    const won = await claimImportJob(trx, job.id, JSON.stringify({ ...settings, mapping }));
    if (won) await ctx.jobs.enqueue(importRunJob, { jobId: job.id }, { within: trx });
    return won;
  });
  if (!claimed) throw new DomainError('CONFLICT', JOB_ALREADY_STARTED);
}
