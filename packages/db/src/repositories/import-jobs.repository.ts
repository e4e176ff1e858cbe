/**
 * Import jobs: the uploaded file in chunks, progress counters, skipped rows, and the staged
 * group's life: created when the job starts, published in one small update at the end, or
 * retired (its leads removed in small batches) when the job fails, is cancelled or its runner died.
 */
import { type Insertable, type Selectable, sql } from 'kysely';
import type { ImportJobStatusColumn, ImportJobUpdatesTable, ImportJobsTable } from '../tables/import-jobs.table.js';
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

/**
 * Moves an uploaded job to running and creates its staged group, in one transaction: of two
 * replicas starting the same job, exactly one gets the group id, the other undefined.
 */
/** In the caller's transaction (which enqueues the run with it): the job goes running, with its staged group; undefined when another start got there first. */
export async function claimImportJob(
  trx: DbOrTrx,
  id: number,
  settings: string,
  group: { name: string; description: string | null; assignedRoleId: number | null; createdBy: number },
): Promise<number | undefined> {
  const claimed = await trx
    .updateTable('import_jobs')
    .set({ status: 'running', settings, started_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'uploaded')
    .where('cancel_requested', '=', false)
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return undefined;
  const { id: groupId } = await trx
    .insertInto('lead_groups')
    .values({
      name: group.name,
      description: group.description,
      assigned_role_id: group.assignedRoleId,
      created_by: group.createdBy,
      staged: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('import_jobs').set({ group_id: groupId }).where('id', '=', id).execute();
  return groupId;
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
 * Adds a batch's counts to the job's and stores its skipped rows (inside the batch's transaction);
 * answers whether a cancel was asked. `counts` are the batch's own, but `rowsRead` is how far into
 * the file the batch reaches: batches under way together commit in any order.
 */
export async function recordImportBatch(
  db: DbOrTrx,
  id: number,
  counts: ImportProgress,
  rejects: readonly ImportReject[],
): Promise<boolean> {
  // One statement: inside an import batch's turn every round trip keeps the next batch waiting.
  const { rows } = await sql<{ cancel_requested: boolean }>`
    with rejects as (
      insert into import_job_rejects (job_id, row_number, cells, reason)
      select ${id}::int, row_number, cells, reason
      from unnest(${rejects.map((reject) => reject.row)}::int[], ${rejects.map((reject) => JSON.stringify(reject.cells))}::text[],
        ${rejects.map((reject) => reject.reason)}::text[]) as reject(row_number, cells, reason)
    )
    update import_jobs
    set rows_read = greatest(rows_read, ${counts.rowsRead}), imported = imported + ${counts.imported},
      updated = updated + ${counts.updated}, skipped = skipped + ${counts.skipped}
    where id = ${id}
    returning cancel_requested`.execute(db);
  return rows[0]?.cancel_requested ?? true;
}

/**
 * One batch of an import's staged changes to existing leads, in the caller's short transaction:
 * up to `limit` of them are applied (after `beforeApply`, which records their history) and leave
 * the staging table. Answers how many were applied; 0 once none is left.
 */
export async function applyStagedLeadUpdates(
  db: DbOrTrx,
  jobId: number,
  limit: number,
  beforeApply: (leadIds: number[]) => Promise<void>,
): Promise<number> {
  const batch = await db
    .selectFrom('import_job_updates')
    .select('lead_id')
    .where('job_id', '=', jobId)
    .orderBy('lead_id')
    .limit(limit)
    .forUpdate()
    .execute();
  const leadIds = batch.map((row) => row.lead_id);
  if (leadIds.length === 0) return 0;
  await beforeApply(leadIds);
  const batchIds = sql`${[...leadIds]}::int[]`;
  await sql`update leads set name = u.name, category = u.category, email = coalesce(u.email, leads.email),
      phone = coalesce(u.phone, leads.phone), description = coalesce(u.description, leads.description),
      address = coalesce(u.address, leads.address), domain = coalesce(u.domain, leads.domain),
      search_text = u.search_text, updated_at = now()
    from import_job_updates u where u.job_id = ${jobId} and u.lead_id = any(${batchIds}) and leads.id = u.lead_id`.execute(db);
  await db
    .deleteFrom('import_job_updates')
    .where('job_id', '=', jobId)
    .where('lead_id', '=', sql<number>`any(${batchIds})`)
    .execute();
  return leadIds.length;
}

/** The one small transaction that makes an import visible (its staged updates applied before): the group stops being staged, the job is done. */
export async function publishImportJob(db: DbOrTrx, id: number, groupId: number, progress: ImportProgress): Promise<void> {
  await db.updateTable('lead_groups').set({ staged: false }).where('id', '=', groupId).execute();
  await db
    .updateTable('import_jobs')
    .set({ status: 'done', finished_at: new Date(), ...countsOf(progress) })
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('import_job_chunks').where('job_id', '=', id).execute();
}

function countsOf(progress: ImportProgress) {
  return { rows_read: progress.rowsRead, imported: progress.imported, updated: progress.updated, skipped: progress.skipped };
}

/**
 * The first step of ending a job that will not publish: its staged group (never a published one,
 * which is the user's) is marked deleted, for the group purge (a queued job, enqueued in the same
 * transaction) to remove its leads in small batches. Answers the group's id when there was one.
 */
export async function retireStagedImportGroup(db: DbOrTrx, id: number): Promise<number | undefined> {
  const retired = await db
    .updateTable('lead_groups')
    .set({ deleted_at: new Date() })
    .where('staged', '=', true)
    .where('deleted_at', 'is', null)
    .where('id', '=', (eb) => eb.selectFrom('import_jobs').select('group_id').where('id', '=', id))
    .returning('id')
    .executeTakeFirst();
  return retired?.id;
}

/**
 * The last step: the job ends as failed or cancelled (only from uploaded or running) and its file,
 * staged changes and remembered keys go. `within` runs in the same transaction when this call is the one that
 * ended it (a job ends once, whichever replica or request gets here first), with the job's owner
 * and the status it had.
 */
export async function closeAbandonedImportJob(
  db: Db,
  id: number,
  outcome: { status: Extract<ImportJobStatusColumn, 'failed' | 'cancelled'>; failure: string | null },
  within?: (trx: DbOrTrx, ended: { createdBy: number; wasRunning: boolean }) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const job = await trx.selectFrom('import_jobs').select(['status', 'created_by']).where('id', '=', id).forUpdate().executeTakeFirst();
    await trx.deleteFrom('import_job_chunks').where('job_id', '=', id).execute();
    await trx.deleteFrom('import_job_updates').where('job_id', '=', id).execute();
    await trx.deleteFrom('import_job_keys').where('job_id', '=', id).execute();
    if (!job || (job.status !== 'uploaded' && job.status !== 'running')) return;
    await trx
      .updateTable('import_jobs')
      .set({ status: outcome.status, failure: outcome.failure, finished_at: new Date(), group_id: null })
      .where('id', '=', id)
      .execute();
    await within?.(trx, { createdBy: job.created_by, wasRunning: job.status === 'running' });
  });
}

/** An existing lead an import row matched, with its email (the search text of the update needs it). */
export interface MatchedLead {
  id: number;
  email: string | null;
  emailKey: string | null;
  phoneKey: string | null;
}

/** The leads outside `exceptGroupId` with one of these email or phone keys. */
export async function findLeadsByKeys(
  db: DbOrTrx,
  emailKeys: string[],
  phoneKeys: string[],
  exceptGroupId: number,
): Promise<MatchedLead[]> {
  if (emailKeys.length === 0 && phoneKeys.length === 0) return [];
  const { rows } = await sql<{ id: number; email: string | null; email_key: string | null; phone_key: string | null }>`
    select id, email, email_key, phone_key from leads
    where (email_key = any(${emailKeys}::text[]) or phone_key = any(${phoneKeys}::text[]))
      and group_id is distinct from ${exceptGroupId}
    order by id`.execute(db);
  return rows.map((row) => ({ id: row.id, email: row.email, emailKey: row.email_key, phoneKey: row.phone_key }));
}

export type StagedLeadUpdate = Omit<Insertable<ImportJobUpdatesTable>, 'job_id'>;

/** Stages changes to existing leads; a lead matched twice keeps the later row's values. */
export async function stageLeadUpdates(db: DbOrTrx, jobId: number, updates: readonly StagedLeadUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  await db
    .insertInto('import_job_updates')
    .values(updates.map((update) => ({ ...update, job_id: jobId })))
    .onConflict((oc) =>
      oc.columns(['job_id', 'lead_id']).doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        category: eb.ref('excluded.category'),
        email: eb.ref('excluded.email'),
        phone: eb.ref('excluded.phone'),
        description: eb.ref('excluded.description'),
        address: eb.ref('excluded.address'),
        domain: eb.ref('excluded.domain'),
        search_text: eb.ref('excluded.search_text'),
      })),
    )
    .execute();
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
