/** What a background job is: a name, its payload's schema, its handler, and how the queue treats it. */
import type { BackgroundDatabase, DbOrTrx } from '@crm/db';
import type { z } from 'zod';
import type { AppContext } from '../context.js';

/**
 * What a handler runs with: the server's context, and the database's address for work that needs a
 * connection of its own (at background priority on the embedded server, @crm/db background-priority).
 */
export interface JobContext extends AppContext {
  database: BackgroundDatabase;
}

export interface JobRun {
  /** 0 on the first try; more when the queue hands the job out again (a failed try, or a replica that died holding it). */
  attempt: number;
  /** Aborted when this replica stops, or when the queue took the job back: end soon and leave the job in a clean state. */
  signal: AbortSignal;
}

interface JobSettings {
  /** Tries after the first before the job fails for good; each waits `retryDelaySeconds`, doubled every time. */
  retries: number;
  retryDelaySeconds: number;
  /** A try still running after this long is taken back and tried again. */
  expireInSeconds?: number;
  /** A try must show it is alive this often (the queue does it while the handler runs); silence hands the job to another replica. */
  heartbeatSeconds?: number;
  /** At most one job waits per `key` (enqueue option): another enqueued meanwhile is dropped. */
  onePending?: boolean;
  /** How often an idle replica looks for jobs that became due (delayed or retried); jobs enqueued for now wake it at once. Unset: 2 s. */
  pollSeconds?: number;
  /** A cron expression (UTC): the queue enqueues the job on it, once per cluster, whatever the number of replicas. */
  cron?: string;
}

interface JobShape<P extends object> {
  name: string;
  payload: z.ZodType<P>;
  settings: JobSettings;
}

export interface JobDefinition<P extends object> extends JobShape<P> {
  handler(ctx: JobContext, payload: P, run: JobRun): Promise<void>;
}

/**
 * Small jobs that come in bursts (a web form's follow-ups): a run takes up to `batchSize` of those
 * waiting and handles them together, in one transaction instead of one each. A failed run retries all of them.
 */
export interface BatchJobDefinition<P extends object> extends JobShape<P> {
  batchSize: number;
  handleBatch(ctx: JobContext, payloads: P[], run: JobRun): Promise<void>;
}

export type AnyJobDefinition<P extends object> = JobDefinition<P> | BatchJobDefinition<P>;

export function defineJob<P extends object>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

export function defineBatchJob<P extends object>(definition: BatchJobDefinition<P>): BatchJobDefinition<P> {
  return definition;
}

export interface EnqueueOptions {
  /** Not before this time (a reminder at its due time). */
  startAfter?: Date;
  /** What `onePending` deduplicates on. */
  key?: string;
  /** The transaction the job commits with: enqueued if and only if the change that asks for it is. */
  within?: DbOrTrx;
}

/** What services see of the queue. */
export interface JobEnqueuer {
  enqueue<P extends object>(job: AnyJobDefinition<P>, payload: P, options?: EnqueueOptions): Promise<void>;
}
