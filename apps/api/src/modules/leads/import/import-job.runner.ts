/**
 * Runs an import job, as the queue's `import.run` handler on whichever replica took it
 * (import.jobs.ts): reads the job's stored file, writes batches of leads in short transactions
 * into the staged group, and publishes the group in one small transaction at the end. A failure,
 * a cancel or a stop removes what was staged (the group is retired and purged in batches). A
 * replica killed mid-job leaves the group staged, invisible; the queue hands the job to a live
 * replica when the heartbeat stops, and this handler, on that later try, fails it cleanly. A failed
 * run tells its owner through the notification centre.
 */
import {
  type BulkLeadRow,
  encodeLeadBatch,
  type EncodedLeadBatch,
  type DbOrTrx,
  type ExistingLeadMatch,
  type StagedLeadUpdate,
  findLeadsByKeys,
  findUserById,
  stageLeadUpdates,
  type ImportJobRow,
  findImportJob,
  inLeadImportTransaction,
  insertFreshLeads,
  applyStagedLeadUpdates,
  openImportWriterSession,
  publishImportJob,
  recordImportedEdits,
  recordImportedLeads,
  recordActivity,
  recordImportBatch,
  rememberImportKeys,
  forgetImportKeys,
  unassignedLeadIdsOfGroup,
  makeStagedTimeExclusive,
  type StagedTimeState,
} from '@crm/db';
import {
  DomainError,
  type ImportJobStart,
  type ImportJobState,
  type ImportMapping,
  cellsOf,
  checkImportRow,
  leadSearchText,
} from '@crm/domain';
import type { AppContext, ServiceContext } from '../../../context.js';
import type { JobContext, JobRun } from '../../../jobs/job-definition.js';
import { publishLive } from '../../../live/publish.js';
import { actorName } from '../../activities/activities.service.js';
import { distributeLeads } from '../../distribution/distribution.service.js';
import { loadTeamSettings } from '../../settings/team-settings.service.js';
import { Notifier } from '../../notifications/notifier.js';
import { abandonImportJob } from './import-job-abandon.js';
import { type BatchSink, type ImportBatch, ImportBatchWriter, duplicateReason, repeatReason } from './import-batch-writer.js';
import { ImportFileKeys, type KeysTurn } from './import-file-keys.js';
import { SearchIndexMerges } from './search-index-merges.js';
import { ImportWriterTurn } from './import-writer-turn.js';
import { BatchTurns } from './batch-turns.js';
import { LeadIdsInFileOrder } from './lead-ids-in-file-order.js';
import { csvProblem } from './import-csv.js';
import { NO_DATA_ROWS, jobState, toJobState } from './import-job.service.js';
import { type ImportSource, readSourceRecords, restoreSourceFile } from './import-source.js';

export const NOTHING_IMPORTED = 'No se importó ningún lead: todas las filas tienen errores o están duplicadas';
export const SERVER_STOPPED = 'La importación se interrumpió porque el servidor se detuvo';
const INTERNAL_FAILURE = 'La importación falló por un error interno';
/**
 * Rows per batch transaction, and batches under way at once, each on its own connection, written at
 * the same time (the database has a core for each while this thread parses the next): 10 MB took
 * 5.3 s one batch at a time, 4.1 s three at a time. Other users never wait for an import's transaction.
 */
const BATCHES = { rows: 2000, inFlight: 3, laterRows: 2000 } as const;

/** Rows read between two turns of the event loop (about a millisecond of work). */
const ROWS_BETWEEN_YIELDS = 64;

/** Live: the job's counters to its owner's screens (without the error lines, which the screen reads when it ends). */
export async function publishJobState(ctx: AppContext, state: ImportJobState, userId: number): Promise<void> {
  await publishLive(ctx, { type: 'importJob', job: { ...state, errors: [] } }, { userIds: [userId] });
}

/** The `import.run` handler: the job was claimed (running, with its staged group) by the request that started it. */
export async function runImportJob(ctx: JobContext, jobId: number, run: JobRun): Promise<void> {
  const job = await findImportJob(ctx.db, jobId);
  // Ended before a worker took it (a cancel), or by an earlier try: nothing is left to do.
  if (!job || job.status !== 'running' || job.group_id === null || job.settings === null) return;
  const owner = await findUserById(ctx.db, job.created_by, { includeDeactivated: true });
  if (run.attempt > 0 || !owner) {
    // An earlier try died with its replica (the queue took the job back when its heartbeat stopped):
    // finishing from the middle would need to know which batches committed, so what it staged goes.
    ctx.log.warn({ importJobId: jobId, attempt: run.attempt }, 'Importación interrumpida: se retira lo que había escrito');
    await abandonImportJob(ctx, jobId, { status: 'failed', failure: SERVER_STOPPED });
    const ended = await findImportJob(ctx.db, jobId);
    if (ended) await publishJobState(ctx, await toJobState(ctx, ended), ended.created_by);
    return;
  }
  ctx.log.info({ importJobId: jobId }, 'Importación en marcha en esta réplica');
  const settings = JSON.parse(job.settings) as ImportJobStart & { mapping: ImportMapping };
  const source = JSON.parse(job.source) as ImportSource;
  const session = await openImportWriterSession(ctx.databaseUrl);
  try {
    const asOwner: ServiceContext = { ...ctx, viewer: { user: owner, sessionId: '' } };
    await runJob(asOwner, job, source, settings, job.group_id, new ImportWriterTurn(session), run.signal);
  } finally {
    await session.release();
  }
}

async function runJob(
  ctx: ServiceContext,
  job: ImportJobRow,
  source: ImportSource,
  settings: ImportJobStart & { mapping: ImportMapping },
  groupId: number,
  writerTurn: ImportWriterTurn,
  stopping: AbortSignal,
): Promise<void> {
  const userId = ctx.viewer.user.id;
  // Phones typed without a country code are read in the team's country as the run starts.
  const { country } = (await loadTeamSettings(ctx)).settings;
  const searchMerges = new SearchIndexMerges(ctx.db, (error) =>
    ctx.log.warn({ err: error }, 'No se pudo fusionar la lista pendiente del índice de búsqueda de leads'),
  );
  const progress = () => ({ rowsRead: writer.total, imported: writer.imported, updated: writer.updated, skipped: writer.skipped });
  // What each imported lead's 'imported' entry says: which import created it ('creado por la importación …').
  const importedFrom = { jobId: job.id, groupId, groupName: settings.groupName, fileName: job.file_name };
  const batches = BATCHES;
  // An import to a role writes one batch at a time, so its rotation hands the leads out in file order.
  const inFlight = settings.assignedRoleId === null ? batches.inFlight : 1;
  const fileKeys = new ImportFileKeys({ jobId: job.id, groupId }, inFlight);
  const lockTurns = new BatchTurns();
  const leadIds = new LeadIdsInFileOrder(ctx.db, inFlight);
  // Until exclusive, the lists walk this import's leads (see makeStagedTimeExclusive); asked batch by batch.
  let stagedTime: StagedTimeState = 'pending';
  /** One batch's writes, in its transaction. */
  const writeBatch = async (trx: DbOrTrx, batch: ImportBatch, encoded: EncodedLeadBatch, keysTurn: KeysTurn) => {
    const repeats = await fileKeys.findRepeats(trx, batch.leads, keysTurn);
    const inserted = await insertFreshLeads(trx, encoded, { leaveOut: [...repeats.keys()], stagedIn: groupId });
    if (stagedTime === 'pending' && inserted.insertedIds.length > 0) stagedTime = await makeStagedTimeExclusive(trx, groupId);
    const alreadyInDatabase = inserted.leftOut;
    await recordImportedLeads(trx, inserted.insertedIds, userId, importedFrom);
    // Importing to a role hands every new lead to one of its members, by the role's rule.
    if (settings.assignedRoleId !== null)
      await distributeLeads(trx, settings.assignedRoleId, await unassignedLeadIdsOfGroup(trx, groupId), userId);
    const updated =
      settings.onDuplicate === 'update' ? await stageUpdates(trx, job.id, groupId, batch.leads, alreadyInDatabase) : new Set<number>();
    // A later row of the file with one of these keys is a repetition within the file.
    await rememberImportKeys(
      trx,
      job.id,
      alreadyInDatabase.flatMap((match) => keysOf(batch.leads[match.index])),
    );
    const duplicates = alreadyInDatabase.filter((match) => !updated.has(match.index));
    const rejectOf = (index: number, reason: string) => ({ row: batch.rows[index] ?? 0, cells: batch.cells[index] ?? [], reason });
    const rejects = [
      ...batch.rejects,
      ...[...repeats].map(([index, repeated]) => rejectOf(index, repeatReason(repeated))),
      ...duplicates.map((match) => rejectOf(match.index, duplicateReason(match.matched))),
    ];
    const cancelRequested = await recordImportBatch(
      trx,
      job.id,
      { rowsRead: batch.rowsRead, imported: inserted.insertedIds.length, updated: updated.size, skipped: rejects.length },
      rejects,
    );
    return {
      repeated: repeats.size,
      leftOut: alreadyInDatabase,
      updated: updated.size,
      cancelRequested,
      inserted: inserted.insertedIds.length,
    };
  };
  const sink: BatchSink = async (batch) => {
    // Screened and given its turns in file order, as batches are handed over.
    const keysTurn = fileKeys.screen(batch.leads);
    const lockTurn = lockTurns.next();
    let result: Awaited<ReturnType<typeof writeBatch>>;
    try {
      // Encoded before the transaction, which is database work only.
      const encoded = encodeLeadBatch(batch.leads, await leadIds.reserve(batch.leads.length));
      // Only once the batch before holds the lead-import lock: it never waits for this one then.
      await lockTurn.ready;
      await writerTurn.enter();
      try {
        result = await inLeadImportTransaction(
          ctx.db,
          (trx) => {
            lockTurn.locked();
            return writeBatch(trx, batch, encoded, keysTurn);
          },
          { batchOfWriterTurn: true },
        );
      } finally {
        await writerTurn.leave();
      }
    } finally {
      ImportFileKeys.giveUp(keysTurn);
      lockTurn.locked();
    }
    searchMerges.written(result.inserted);
    const current = await findImportJob(ctx.db, job.id);
    if (current) await publishJobState(ctx, jobState(current, []), userId);
    return result;
  };
  const writer = new ImportBatchWriter(sink, {
    groupId,
    createdBy: userId,
    phoneCountry: country,
    batchSize: batches.rows,
    writesInFlight: inFlight,
  });
  let file: Awaited<ReturnType<typeof restoreSourceFile>> | undefined;
  try {
    file = await restoreSourceFile(ctx.db, job.id);
    let header = true;
    let readSinceYield = 0;
    for await (const { row, cells } of readSourceRecords(file.filePath, source)) {
      if (writer.cancelRequested || stopping.aborted) break;
      // A chunk of the file is hundreds of rows, handled without a pause; a batch's transaction
      // waits for its answers to be read meanwhile, and while it waits it holds the import lock.
      readSinceYield += 1;
      if (readSinceYield >= ROWS_BETWEEN_YIELDS) {
        readSinceYield = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
      // A blank line (or one of only delimiters) is no lead and no error; the first other one is the header.
      if (cells.every((cell) => cell.trim() === '')) continue;
      if (header) {
        header = false;
        continue;
      }
      const check = checkImportRow(cellsOf(cells, settings.mapping), settings.category);
      if ('problem' in check) writer.skip(row, check.problem, cells);
      else await writer.add(row, check.lead, check.categoryName, cells);
    }
    await writer.finish();
    await writerTurn.end();
    // Every row is written: the keys kept to spot repetitions within the file are not needed any more.
    while ((await forgetImportKeys(ctx.db, job.id, batches.laterRows)) > 0);
    if (stopping.aborted) throw new DomainError('BAD_REQUEST', SERVER_STOPPED);
    if (writer.cancelRequested) {
      await abandonImportJob(ctx, job.id, { status: 'cancelled', failure: null });
    } else if (writer.total === 0) {
      throw new DomainError('BAD_REQUEST', NO_DATA_ROWS);
    } else if (writer.imported + writer.updated === 0) {
      throw new DomainError('BAD_REQUEST', NOTHING_IMPORTED);
    } else if (!(await applyUpdates(ctx, job.id, settings.groupName, batches.laterRows, searchMerges))) {
      await abandonImportJob(ctx, job.id, { status: 'cancelled', failure: null });
    } else if (!(await publish(ctx, job.id, groupId, settings.groupName, progress()))) {
      await abandonImportJob(ctx, job.id, { status: 'cancelled', failure: null });
    }
  } catch (error) {
    await writer.settle();
    await writerTurn.end().catch(() => undefined);
    const problem = csvProblem(error) ?? error;
    if (!(problem instanceof DomainError)) ctx.log.error({ err: error, importJobId: job.id }, 'La importación falló');
    await abandonImportJob(ctx, job.id, {
      status: 'failed',
      failure: problem instanceof DomainError ? problem.message : INTERNAL_FAILURE,
    }).catch((abandonError: unknown) =>
      ctx.log.error({ err: abandonError, importJobId: job.id }, 'No se pudo retirar una importación fallida'),
    );
  } finally {
    searchMerges.finished();
    await file?.cleanup();
  }
  const ended = await findImportJob(ctx.db, job.id).catch(() => undefined);
  if (ended) await publishJobState(ctx, await toJobState(ctx, ended), userId);
}

function keysOf(lead: BulkLeadRow | undefined): string[] {
  return [lead?.email_key, lead?.phone_key].filter((key): key is string => typeof key === 'string');
}

/**
 * 'Actualizar los existentes': the rows matching an existing lead (by email first, else phone)
 * become staged changes to it, applied when the job publishes. A lead two rows of the batch match
 * keeps the later row's values, as across batches (one insert cannot change a row twice). Answers
 * the rows it took.
 */
async function stageUpdates(
  trx: DbOrTrx,
  jobId: number,
  groupId: number,
  leads: readonly BulkLeadRow[],
  found: readonly ExistingLeadMatch[],
): Promise<Set<number>> {
  const matched = found.map((match) => ({ match, lead: leads[match.index] as BulkLeadRow }));
  const existing = await findLeadsByKeys(
    trx,
    matched.flatMap(({ lead }) => (lead.email_key ? [lead.email_key] : [])),
    matched.flatMap(({ lead }) => (lead.phone_key ? [lead.phone_key] : [])),
    groupId,
  );
  const byEmail = new Map(existing.filter((lead) => lead.emailKey).map((lead) => [lead.emailKey, lead]));
  const byPhone = new Map(existing.filter((lead) => lead.phoneKey).map((lead) => [lead.phoneKey, lead]));
  const taken = new Set<number>();
  const updates = new Map<number, StagedLeadUpdate>();
  for (const { match, lead } of matched) {
    const target = (lead.email_key && byEmail.get(lead.email_key)) || (lead.phone_key && byPhone.get(lead.phone_key)) || undefined;
    if (!target) continue;
    taken.add(match.index);
    updates.set(target.id, {
      lead_id: target.id,
      name: lead.name,
      category: lead.category,
      email: lead.email,
      phone: lead.phone,
      description: lead.description,
      address: lead.address,
      domain: lead.domain,
      search_text: leadSearchText(lead.name, lead.email ?? target.email),
    });
  }
  // In lead order: batches written at the same time may stage changes to the same leads, and each waits for the other's rows in one order.
  await stageLeadUpdates(
    trx,
    jobId,
    [...updates.values()].sort((a, b) => a.lead_id - b.lead_id),
  );
  return taken;
}

/**
 * 'Actualizar los existentes' applies its staged changes once every row is read, a batch per short
 * transaction (each lead's history entry with its change), so other users are answered between
 * batches. A cancel stops it between batches; the leads already updated keep the change, which
 * their history shows. False when a cancel arrived.
 */
async function applyUpdates(
  ctx: ServiceContext,
  jobId: number,
  groupName: string,
  batchSize: number,
  searchMerges: SearchIndexMerges,
): Promise<boolean> {
  const job = { jobId, actorId: ctx.viewer.user.id, groupName };
  for (;;) {
    const current = await findImportJob(ctx.db, jobId);
    if (!current || current.cancel_requested) return false;
    const applied = await inLeadImportTransaction(ctx.db, (trx) =>
      applyStagedLeadUpdates(trx, jobId, batchSize, (leadIds) => recordImportedEdits(trx, job, leadIds)),
    );
    if (applied === 0) return true;
    searchMerges.written(applied);
  }
}

/** The one small transaction that makes the import visible; false when a cancel arrived first. */
async function publish(
  ctx: ServiceContext,
  jobId: number,
  groupId: number,
  groupName: string,
  progress: { rowsRead: number; imported: number; updated: number; skipped: number },
): Promise<boolean> {
  const notes = new Notifier();
  const published = await ctx.db.transaction().execute(async (trx) => {
    const job = await trx.selectFrom('import_jobs').select('cancel_requested').where('id', '=', jobId).forUpdate().executeTakeFirst();
    if (!job || job.cancel_requested) return false;
    await publishImportJob(trx, jobId, groupId, progress);
    const updated = progress.updated > 0 ? ` y actualizó ${progress.updated} existentes` : '';
    await recordActivity(trx, {
      type: 'group_created',
      description: `${actorName(ctx)} importó ${progress.imported} leads en el grupo ${groupName}${updated}`,
      userId: ctx.viewer.user.id,
    });
    await notes.groupAssigned(trx, ctx.viewer.user.id, groupId, groupName);
    await notes.importFinished(trx, ctx.viewer.user.id, { groupId, groupName, ...progress });
    return true;
  });
  await notes.publish(ctx);
  return published;
}
