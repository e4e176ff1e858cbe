/**
 * Runs an import's read → check → stage step in a worker thread (import-stage.worker.ts) and follows
 * it from the job: each report of rows read is recorded on the job (where a cancel is noticed) and
 * sent to the owner's screens; a cancel or a stopping server tells the worker to stop.
 */
import { type BackgroundDatabase, recordRowsRead } from '@crm/db';
import { DomainError, type ImportCustomColumn, type ImportJobStart, type ImportMapping, type PhoneCountry } from '@crm/domain';
import type { AppContext } from '../../../context.js';
import type { WorkerScript } from '../../../jobs/worker-threads.js';
import type { ImportSource } from './import-source.js';

/** `customColumns`: the custom fields the file's columns fill, resolved when the job starts (import-custom-columns.ts). */
export type ImportSettings = ImportJobStart & { mapping: ImportMapping; customColumns?: ImportCustomColumn[] };

export interface StageRequest {
  database: BackgroundDatabase;
  jobId: number;
  filePath: string;
  source: ImportSource;
  settings: ImportSettings;
  country: PhoneCountry;
}

/** What the worker reports while it reads: the rows read so far. */
export interface StageProgress {
  rowsRead: number;
}

/** How the worker's reading ended. */
export type StageOutcome = { type: 'done'; rowsRead: number } | { type: 'stopped' } | { type: 'refused'; message: string };

/** Why staging ended early: a cancel, or the server stopping. */
export type StageStop = 'cancelled' | 'server-stopped';

/**
 * The worker's own heap: rows stream, so what it holds is a workbook's shared texts (at most
 * 32,000,000 characters, docs/import-format.md) and the rows in flight. A file that would need
 * more fails its job ('La importación falló por un error interno') instead of taking the API's
 * memory; a small young generation makes it collect often, so its footprint stays near what it holds.
 */
export const IMPORT_THREAD_LIMITS = { maxOldGenerationSizeMb: 160, maxYoungGenerationSizeMb: 8 };

/**
 * Source files run through tsx in development and tests (the worker then needs tsx's loader too);
 * the build runs the compiled .js beside this file.
 */
function workerScript(): WorkerScript {
  const fromSource = import.meta.url.endsWith('.ts');
  return {
    url: new URL(`./import-stage.worker.${fromSource ? 'ts' : 'js'}`, import.meta.url),
    execArgv: fromSource ? ['--import', 'tsx'] : [],
    resourceLimits: IMPORT_THREAD_LIMITS,
  };
}

/** Answers the rows read, or why it stopped early; a file the reader refuses is its Spanish DomainError. */
export async function stageImportRows(
  ctx: AppContext,
  request: StageRequest,
  stopping: AbortSignal,
  onProgress: () => Promise<void>,
): Promise<{ rowsRead: number } | { stopped: StageStop }> {
  const task = ctx.threads.start<StageProgress, StageOutcome>(workerScript(), request, (progress) => recordProgress(progress.rowsRead));
  let stop: StageStop | undefined;
  const askToStop = (why: StageStop) => {
    stop ??= why;
    task.stop();
  };
  const onAbort = () => askToStop('server-stopped');
  stopping.addEventListener('abort', onAbort);
  // Reports are handled one after the other, so the job's row never goes back to fewer rows.
  let handled = Promise.resolve();
  const recordProgress = (rowsRead: number) => {
    handled = handled.then(async () => {
      if (stop) return;
      if (await recordRowsRead(ctx.db, request.jobId, rowsRead)) askToStop('cancelled');
      else await onProgress();
    });
  };
  try {
    const outcome = await task.done;
    await handled;
    if (outcome.type === 'refused') throw new DomainError('BAD_REQUEST', outcome.message);
    if (stop || outcome.type === 'stopped') return { stopped: stop ?? 'server-stopped' };
    if (await recordRowsRead(ctx.db, request.jobId, outcome.rowsRead)) return { stopped: 'cancelled' };
    return { rowsRead: outcome.rowsRead };
  } finally {
    stopping.removeEventListener('abort', onAbort);
  }
}
