/** An import job's state as the screen and `GET /api/import-jobs/{id}` show it, and its live updates. */
import { type ImportJobRow, countImportJobRejects, findImportJob, listImportJobRejects } from '@crm/db';
import type { ImportJobStart, ImportJobState } from '@crm/domain';
import type { AppContext } from '../../../context.js';
import { publishLive } from '../../../live/publish.js';

/** The state lists this many skipped rows, then how many more there were. */
const MAX_ERROR_LINES = 100;

export async function toJobState(ctx: Pick<AppContext, 'db'>, job: ImportJobRow): Promise<ImportJobState> {
  const rejects = await listImportJobRejects(ctx.db, job.id, MAX_ERROR_LINES);
  const errors = rejects.map((reject) => `Fila ${reject.row}: ${reject.reason}`);
  if (rejects.length === MAX_ERROR_LINES) {
    const more = (await countImportJobRejects(ctx.db, job.id)) - MAX_ERROR_LINES;
    if (more > 0) errors.push(`… y ${more} errores más`);
  }
  return jobState(job, errors);
}

export function jobState(job: ImportJobRow, errors: string[]): ImportJobState {
  const settings = job.settings ? (JSON.parse(job.settings) as ImportJobStart) : undefined;
  const ended = job.status === 'done';
  const phase = job.status !== 'running' ? null : job.saving_started_at ? 'saving' : 'reading';
  const rate = (rows: number, since: Date | null) => {
    const seconds = since ? ((job.finished_at ?? new Date()).getTime() - since.getTime()) / 1000 : 0;
    return seconds > 0 && rows > 0 ? Math.round(rows / seconds) : null;
  };
  return {
    id: job.id,
    fileName: job.file_name,
    status: job.status,
    groupName: settings?.groupName ?? null,
    rowsRead: job.rows_read,
    imported: job.imported,
    updated: job.updated,
    skipped: job.skipped,
    total: ended ? job.rows_read : Math.max(job.total_estimate, job.rows_read),
    phase,
    rowsSaved: job.rows_saved,
    // Rows are saved from the first chunk on, while the file is still read: saving's pace counts from the start too.
    rowsPerSecond: rate(phase === 'saving' ? job.rows_saved : job.rows_read, job.started_at),
    errors,
    groupId: job.status === 'done' ? job.group_id : null,
    failure: job.failure,
    createdAt: job.created_at,
    startedAt: job.started_at,
    finishedAt: job.finished_at,
  };
}

/** Live: the job's counters to its owner's screens (without the error lines, which the screen reads when it ends). */
export async function publishJobState(ctx: AppContext, state: ImportJobState, userId: number): Promise<void> {
  await publishLive(ctx, { type: 'importJob', job: { ...state, errors: [] } }, { userIds: [userId] });
}

export async function publishJobProgress(ctx: AppContext, jobId: number): Promise<void> {
  const job = await findImportJob(ctx.db, jobId);
  if (job) await publishJobState(ctx, jobState(job, []), job.created_by);
}
