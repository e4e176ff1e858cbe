/**
 * Runs an import job, as the queue's `import.run` handler on whichever replica took it
 * (import.jobs.ts): read → check → stage → publish.
 * - read and check: the job's stored file, row by row, each row checked by the domain;
 * - stage: every data row COPYed into import_job_rows as it is read (nothing kept in memory);
 * - publish: one transaction decides repeats and duplicates in SQL and writes the leads, their
 *   history, the group, the activity and the notifications (import-publish.ts).
 * Nothing is visible before that transaction commits. A cancel, a failure or a crash leaves
 * nothing but the job's end: its staged rows are deleted. A replica killed mid-job has its job
 * failed cleanly by the next try, on a live replica. A failed run tells its owner.
 */
import { type ImportRowsCopy, type StagedImportRow, findImportJob, findUserById, openImportRowsCopy, recordRowsRead } from '@crm/db';
import {
  DomainError,
  type ImportJobStart,
  type ImportJobState,
  type ImportMapping,
  type LeadCategory,
  type PhoneCountry,
  cellsOf,
  checkImportRow,
  leadEmailKey,
  leadPhoneKey,
  leadSearchText,
  mapCategoryName,
  normalizePhone,
} from '@crm/domain';
import type { AppContext, ServiceContext } from '../../../context.js';
import type { JobContext, JobRun } from '../../../jobs/job-definition.js';
import { publishLive } from '../../../live/publish.js';
import { loadTeamSettings } from '../../settings/team-settings.service.js';
import { abandonImportJob } from './import-job-abandon.js';
import { csvProblem } from './import-csv.js';
import { NO_DATA_ROWS, toJobState } from './import-job.service.js';
import { ImportCancelled, publishStagedRows } from './import-publish.js';
import { type ImportSource, readSourceRecords, restoreSourceFile } from './import-source.js';

export const SERVER_STOPPED = 'La importación se interrumpió porque el servidor se detuvo';
const INTERNAL_FAILURE = 'La importación falló por un error interno';
/** Rows read between two progress reports (and looks at a cancel). */
const ROWS_PER_REPORT = 2000;

export type ImportSettings = ImportJobStart & { mapping: ImportMapping };

/** Live: the job's counters to its owner's screens (without the error lines, which the screen reads when it ends). */
export async function publishJobState(ctx: AppContext, state: ImportJobState, userId: number): Promise<void> {
  await publishLive(ctx, { type: 'importJob', job: { ...state, errors: [] } }, { userIds: [userId] });
}

async function publishJobProgress(ctx: AppContext, jobId: number): Promise<void> {
  const job = await findImportJob(ctx.db, jobId);
  if (job) await publishJobState(ctx, { ...(await toJobState(ctx, job)), errors: [] }, job.created_by);
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
  const asOwner: ServiceContext = { ...ctx, viewer: { user: owner, sessionId: '' } };
  const settings = JSON.parse(job.settings) as ImportSettings;
  const source = JSON.parse(job.source) as ImportSource;
  try {
    const rowsRead = await stageRows(asOwner, ctx.databaseUrl, jobId, source, settings, run.signal);
    if (rowsRead === 0) throw new DomainError('BAD_REQUEST', NO_DATA_ROWS);
    await publishStagedRows(asOwner, { id: jobId, fileName: job.file_name }, settings, () => publishJobProgress(ctx, jobId));
  } catch (error) {
    if (error instanceof ImportCancelled) {
      await abandonImportJob(ctx, jobId, { status: 'cancelled', failure: null });
    } else {
      const problem = csvProblem(error) ?? error;
      if (!(problem instanceof DomainError)) ctx.log.error({ err: error, importJobId: jobId }, 'La importación falló');
      await abandonImportJob(ctx, jobId, {
        status: 'failed',
        failure: problem instanceof DomainError ? problem.message : INTERNAL_FAILURE,
      }).catch((abandonError: unknown) =>
        ctx.log.error({ err: abandonError, importJobId: jobId }, 'No se pudo cerrar una importación fallida'),
      );
    }
  }
  await publishJobProgress(ctx, jobId).catch(() => undefined);
}

/** Reads the file and COPYs its data rows into the staging table; answers how many it read. */
async function stageRows(
  ctx: ServiceContext,
  databaseUrl: string,
  jobId: number,
  source: ImportSource,
  settings: ImportSettings,
  stopping: AbortSignal,
): Promise<number> {
  // Phones typed without a country code are read in the team's country as the run starts.
  const { country } = (await loadTeamSettings(ctx)).settings;
  const toStaged = rowChecker(settings, country);
  const file = await restoreSourceFile(ctx.db, jobId);
  let copy: ImportRowsCopy | undefined = await openImportRowsCopy(databaseUrl, jobId);
  let rowsRead = 0;
  try {
    let header = true;
    for await (const { row, cells } of readSourceRecords(file.filePath, source)) {
      // A blank line (or one of only delimiters) is no lead and no error; the first other one is the header.
      if (cells.every((cell) => cell.trim() === '')) continue;
      if (header) {
        header = false;
        continue;
      }
      await copy.write(toStaged(row, cells));
      rowsRead += 1;
      if (rowsRead % ROWS_PER_REPORT === 0) await reportRowsRead(ctx, jobId, rowsRead, stopping);
    }
    await copy.end();
    copy = undefined;
    await reportRowsRead(ctx, jobId, rowsRead, stopping);
    return rowsRead;
  } finally {
    await copy?.abort();
    await file.cleanup();
  }
}

async function reportRowsRead(ctx: AppContext, jobId: number, rowsRead: number, stopping: AbortSignal): Promise<void> {
  if (stopping.aborted) throw new DomainError('BAD_REQUEST', SERVER_STOPPED);
  if (await recordRowsRead(ctx.db, jobId, rowsRead)) throw new ImportCancelled();
  await publishJobProgress(ctx, jobId);
}

/** A file row as staged: the lead's columns as the domain checks and stores them, or the problem that skips it. */
function rowChecker(settings: ImportSettings, country: PhoneCountry) {
  // A file has a handful of distinct category names: each is mapped once.
  const categories = new Map<string, LeadCategory>();
  const categoryOf = (name: string) => {
    let category = categories.get(name);
    if (!category) {
      category = mapCategoryName(name);
      categories.set(name, category);
    }
    return category;
  };
  return (row: number, cells: string[]): StagedImportRow => {
    const check = checkImportRow(cellsOf(cells, settings.mapping), settings.category);
    if ('problem' in check) return { row, cells, problem: check.problem };
    const { lead } = check;
    const phone = normalizePhone(lead.phone, country);
    return {
      row,
      cells,
      lead: {
        name: lead.name,
        email: lead.email,
        phone,
        category: categoryOf(check.categoryName),
        description: lead.description,
        address: lead.address,
        domain: lead.domain,
        emailKey: leadEmailKey(lead.email),
        phoneKey: leadPhoneKey(phone),
        searchText: leadSearchText(lead.name, lead.email),
      },
    };
  };
}
