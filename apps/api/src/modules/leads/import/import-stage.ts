/**
 * Runs an import's read → check → stage step in a worker thread (import-stage.worker.ts) and follows
 * it from the job: each report of rows read is recorded on the job (where a cancel is noticed) and
 * sent to the owner's screens, each chunk the worker commits is handed to the publishing transaction
 * (import-publish.ts) while the worker reads on; a cancel, a stopping server or a failed publish
 * tells the worker to stop.
 */
import { type BackgroundDatabase, recordRowsRead, type StagedRange } from '@crm/db';
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

/**
 * Data rows COPYed and committed at a time: the publishing transaction saves a chunk while the next
 * is read. The first chunks are smaller, so the saving starts soon after the reading does, and the
 * next chunk is read by the time the one before is saved.
 */
const FIRST_CHUNK_ROWS = [1000, 2500];
const CHUNK_ROWS = 5000;

export function chunkRows(chunksCommitted: number): number {
  return FIRST_CHUNK_ROWS[chunksCommitted] ?? CHUNK_ROWS;
}

/** What the worker reports while it reads: the rows read so far, and after each chunk it commits, the chunk's last file row. */
export interface StageProgress {
  rowsRead: number;
  stagedThrough?: number;
}

/** How the worker's reading ended. */
export type StageOutcome =
  { type: 'done'; rowsRead: number; stagedThrough: number } | { type: 'stopped' } | { type: 'refused'; message: string };

/** Why staging ended early: a cancel, or the server stopping. */
type StageStop = 'cancelled' | 'server-stopped';

/** A cancel asked while the job ran (noticed by the reading or by the publishing): the runner ends it as cancelled. */
export class ImportCancelled extends Error {
  constructor() {
    super('Importación cancelada');
  }
}

/** The server stopped while the file was read: the publishing transaction rolls back and the runner fails the job. */
export class StagingInterrupted extends Error {
  constructor() {
    super('Importación interrumpida: el servidor se detiene');
  }
}

/** A chunk of the file, staged and committed: its file rows, and the data rows read up to its end. */
export type StagedChunk = StagedRange & { rowsRead: number };

export interface Staging {
  /**
   * The next committed chunk, in file order, once the worker has committed it; null once the whole
   * file is staged and every chunk was taken. Rejects when staging failed (a file the reader refuses
   * is its Spanish DomainError), was cancelled (ImportCancelled) or interrupted (StagingInterrupted).
   */
  nextChunk(): Promise<StagedChunk | null>;
  /** Asks the worker to stop (the publishing failed) and waits until it has. */
  stop(): Promise<void>;
}

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

/**
 * Gets a reading thread loading now, when an import is about to run (a file was uploaded, a job
 * taken): starting one takes about half a second, which would otherwise come before the first row.
 */
export function warmStagingThread(ctx: AppContext): void {
  ctx.threads.warm(workerScript());
}

/**
 * Starts the worker on the job's file. `onProgress` runs after each report was recorded on the job;
 * when the file is all read, the job enters its saving phase (the chunks still to publish).
 */
export function startStaging(ctx: AppContext, request: StageRequest, stopping: AbortSignal, onProgress: () => Promise<void>): Staging {
  const chunks: StagedChunk[] = [];
  let nextFromRow = 0;
  let rowsInChunks = 0;
  /** Chunks handed to the publishing: the worker reads at most one chunk past them. */
  let chunksTaken = 0;
  let stop: StageStop | undefined;
  let ended: { failure: unknown } | 'complete' | undefined;
  let wake: (() => void) | undefined;
  const changed = () => {
    wake?.();
    wake = undefined;
  };
  const addChunk = (stagedThrough: number, rowsRead: number) => {
    // The end of a file whose last chunk was full (or of a file without data rows) adds no rows.
    if (rowsRead === rowsInChunks) return;
    chunks.push({ fromRow: nextFromRow, toRow: stagedThrough, rowsRead });
    nextFromRow = stagedThrough + 1;
    rowsInChunks = rowsRead;
    changed();
  };

  const task = ctx.threads.start<StageProgress, StageOutcome>(workerScript(), request, (progress) => record(progress));
  const askToStop = (why: StageStop) => {
    stop ??= why;
    task.stop();
  };
  const onAbort = () => askToStop('server-stopped');
  stopping.addEventListener('abort', onAbort);
  // Reports are handled one after the other, so the job's row never goes back to fewer rows.
  let handled = Promise.resolve();
  const record = (progress: StageProgress) => {
    handled = handled.then(async () => {
      if (stop) return;
      if (await recordRowsRead(ctx.db, request.jobId, progress.rowsRead)) return askToStop('cancelled');
      if (progress.stagedThrough !== undefined) addChunk(progress.stagedThrough, progress.rowsRead);
      await onProgress();
    });
  };

  const finished = (async () => {
    try {
      const outcome = await task.done;
      await handled;
      if (outcome.type === 'refused') throw new DomainError('BAD_REQUEST', outcome.message);
      if (stop === 'cancelled') throw new ImportCancelled();
      if (stop || outcome.type === 'stopped') throw new StagingInterrupted();
      if (await recordRowsRead(ctx.db, request.jobId, outcome.rowsRead, { readingDone: true })) throw new ImportCancelled();
      addChunk(outcome.stagedThrough, outcome.rowsRead);
      ended = 'complete';
      await onProgress();
    } catch (failure) {
      ended ??= { failure };
    } finally {
      stopping.removeEventListener('abort', onAbort);
      changed();
    }
  })();

  return {
    async nextChunk() {
      for (;;) {
        if (ended && ended !== 'complete') throw ended.failure;
        const chunk = chunks.shift();
        if (chunk) {
          chunksTaken += 1;
          task.progress(chunksTaken);
          return chunk;
        }
        if (ended === 'complete') return null;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
    async stop() {
      if (!ended) askToStop('server-stopped');
      await finished;
    },
  };
}
