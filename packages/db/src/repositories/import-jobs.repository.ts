/**
 * Import jobs: the uploaded file in chunks, progress counters, skipped rows, and the job's end:
 * done (in the transaction that publishes its rows, import-staging.repository.ts), failed or cancelled.
 */
import { type Selectable, sql } from 'kysely';
import type { ImportJobStatusColumn, ImportJobsTable } from '../tables/import-jobs.table.js';
import type { Db, DbOrTrx } from '../types.js';

export type ImportJobRow = Selectable<ImportJobsTable>;

export async function insertImportJob(
  db: DbOrTrx,
  values: { createdBy: number; fileName: string; fileSize: number; source: string; totalEstimate: number },
): Promise<number> {
  const { id } = await db
    .insertInto('import_jobs')
    .values({
      created_by: values.createdBy,
      file_name: values.fileName,
      file_size: values.fileSize,
      source: values.source,
      total_estimate: values.totalEstimate,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function appendImportJobChunk(db: DbOrTrx, jobId: number, seq: number, data: Uint8Array): Promise<void> {
  await db.insertInto('import_job_chunks').values({ job_id: jobId, seq, data }).execute();
}

export async function readImportJobChunk(db: DbOrTrx, jobId: number, seq: number): Promise<Uint8Array | undefined> {
  const row = await db.selectFrom('import_job_chunks').select('data').where('job_id', '=', jobId).where('seq', '=', seq).executeTakeFirst();
  return row?.data;
}

export async function findImportJob(db: DbOrTrx, id: number): Promise<ImportJobRow | undefined> {
  return db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's latest jobs, newest first. */
export async function listImportJobs(db: DbOrTrx, createdBy: number, limit: number): Promise<ImportJobRow[]> {
  return db.selectFrom('import_jobs').selectAll().where('created_by', '=', createdBy).orderBy('id', 'desc').limit(limit).execute();
}

/** In the caller's transaction (which enqueues the run with it): the job goes running; false when another start got there first. */
export async function claimImportJob(trx: DbOrTrx, id: number, settings: string): Promise<boolean> {
  const claimed = await trx
    .updateTable('import_jobs')
    .set({ status: 'running', settings, started_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'uploaded')
    .where('cancel_requested', '=', false)
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

export interface ImportProgress {
  rowsRead: number;
  imported: number;
  updated: number;
  skipped: number;
}

export interface ImportReject {
  row: number;
  cells: readonly string[];
  reason: string;
}

/**
 * While the file is read: how far it is; answers whether a cancel was asked. When the file is all
 * read (`readingDone`), the job's saving phase starts: the chunks not yet published.
 */
export async function recordRowsRead(db: DbOrTrx, id: number, rowsRead: number, options: { readingDone?: boolean } = {}): Promise<boolean> {
  const row = await db
    .updateTable('import_jobs')
    .set({ rows_read: rowsRead, ...(options.readingDone ? { saving_started_at: sql<Date>`now()` } : {}) })
    .where('id', '=', id)
    .returning('cancel_requested')
    .executeTakeFirst();
  return row?.cancel_requested ?? true;
}

/** While the rows are published (from outside the publishing transaction, which does not lock the job's row until its end). */
export async function recordRowsSaved(db: DbOrTrx, id: number, rowsSaved: number): Promise<void> {
  await db.updateTable('import_jobs').set({ rows_saved: rowsSaved }).where('id', '=', id).execute();
}

export async function isImportCancelRequested(db: DbOrTrx, id: number): Promise<boolean> {
  const row = await db.selectFrom('import_jobs').select('cancel_requested').where('id', '=', id).executeTakeFirst();
  return row?.cancel_requested ?? true;
}

/**
 * The end of the publishing transaction: the job is done with its group and counts, unless a
 * cancel was asked first (false; the caller rolls back). From here the job's row is locked, so
 * a cancel asked now waits and then finds the job done.
 */
export async function finishImportJob(db: DbOrTrx, id: number, groupId: number | null, progress: ImportProgress): Promise<boolean> {
  const done = await db
    .updateTable('import_jobs')
    .set({ status: 'done', finished_at: new Date(), group_id: groupId, ...countsOf(progress) })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('cancel_requested', '=', false)
    .returning('id')
    .executeTakeFirst();
  if (!done) return false;
  await db.deleteFrom('import_job_chunks').where('job_id', '=', id).execute();
  return true;
}

function countsOf(progress: ImportProgress) {
  return { rows_read: progress.rowsRead, imported: progress.imported, updated: progress.updated, skipped: progress.skipped };
}

/**
 * Ends a job that will not publish: failed or cancelled (only from uploaded or running), its file
 * and staged rows gone, `progress` (when given) its counts. `within` runs in the same transaction when this call is the one that
 * ended it (a job ends once, whichever replica or request gets here first), with the job's owner
 * and the status it had.
 */
export async function closeAbandonedImportJob(
  db: Db,
  id: number,
  outcome: { status: Extract<ImportJobStatusColumn, 'failed' | 'cancelled'>; failure: string | null; progress?: ImportProgress },
  within?: (trx: DbOrTrx, ended: { createdBy: number; wasRunning: boolean }) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const job = await trx.selectFrom('import_jobs').select(['status', 'created_by']).where('id', '=', id).forUpdate().executeTakeFirst();
    await trx.deleteFrom('import_job_chunks').where('job_id', '=', id).execute();
    await trx.deleteFrom('import_job_rows').where('job_id', '=', id).execute();
    if (!job || (job.status !== 'uploaded' && job.status !== 'running')) return;
    await trx
      .updateTable('import_jobs')
      .set({
        status: outcome.status,
        failure: outcome.failure,
        finished_at: new Date(),
        group_id: null,
        ...(outcome.progress ? countsOf(outcome.progress) : {}),
      })
      .where('id', '=', id)
      .execute();
    await within?.(trx, { createdBy: job.created_by, wasRunning: job.status === 'running' });
  });
}

/** Asks the runner to stop; a job not started yet is cancelled at once. False: the job had already ended. */
export async function requestImportJobCancel(db: DbOrTrx, id: number): Promise<{ wasRunning: boolean } | undefined> {
  const row = await db
    .updateTable('import_jobs')
    .set({ cancel_requested: true })
    .where('id', '=', id)
    .where('status', 'in', ['uploaded', 'running'])
    .returning('status')
    .executeTakeFirst();
  return row && { wasRunning: row.status === 'running' };
}

export async function listImportJobRejects(db: DbOrTrx, id: number, limit?: number): Promise<ImportReject[]> {
  let query = db.selectFrom('import_job_rejects').select(['row_number', 'cells', 'reason']).where('job_id', '=', id).orderBy('row_number');
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map((row) => ({ row: row.row_number, cells: JSON.parse(row.cells) as string[], reason: row.reason }));
}

/** Skipped rows after file row `afterRow`, in file order, `limit` at most: errors.csv reads them page by page. */
export async function listImportJobRejectsAfter(db: DbOrTrx, id: number, afterRow: number, limit: number): Promise<ImportReject[]> {
  const rows = await db
    .selectFrom('import_job_rejects')
    .select(['row_number', 'cells', 'reason'])
    .where('job_id', '=', id)
    .where('row_number', '>', afterRow)
    .orderBy('row_number')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ row: row.row_number, cells: JSON.parse(row.cells) as string[], reason: row.reason }));
}

export async function countImportJobRejects(db: DbOrTrx, id: number): Promise<number> {
  const row = await db
    .selectFrom('import_job_rejects')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('job_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Uploads previewed but never started, older than `createdBefore`: marked cancelled with `failure`
 * and their file removed, a bounded number per call. One statement, so a start that claims the job
 * at the same moment either wins (the job runs) or finds it cancelled.
 */
export async function dropAbandonedImportUploads(db: DbOrTrx, createdBefore: Date, failure: string, limit = 20): Promise<number[]> {
  const result = await sql<{ id: number }>`
    with abandoned as (
      update import_jobs set status = 'cancelled', failure = ${failure}, finished_at = now()
      where id in (
        select id from import_jobs where status = 'uploaded' and created_at < ${createdBefore}
        order by id limit ${limit} for update skip locked
      ) and status = 'uploaded'
      returning id
    ), removed as (
      delete from import_job_chunks where job_id in (select id from abandoned)
    )
    select id from abandoned`.execute(db);
  return result.rows.map((row) => row.id);
}
