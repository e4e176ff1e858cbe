/**
 * The one queue every piece of background work goes through (pg-boss, its tables in the `pgboss`
 * schema): claiming a job for exactly one replica, retries with backoff, handing a dead replica's
 * job to a live one, and schedules that run once per cluster are the library's, not ours.
 */
import { fromKysely, PgBoss, type JobWithMetadata } from 'pg-boss';
import type { BackgroundDatabase } from '@crm/db';
import type { AppContext } from '../context.js';
import type { BusLog } from '../events/event-bus.js';
import type { AnyJobDefinition, EnqueueOptions, JobContext, JobEnqueuer } from './job-definition.js';

/** Connections the queue's own pool may open (fetches and bookkeeping are short); handlers use the app's pool. */
const QUEUE_POOL_SIZE = 3;
/** How often an idle worker polls its queue unless its job asks for another interval. */
const DEFAULT_POLL_SECONDS = 2;
/** A stop lets the jobs under way end within this; they are told to through their signal. */
const STOP_TIMEOUT_MS = 30_000;

type AnyJob = AnyJobDefinition<object>;

export interface JobQueue extends JobEnqueuer {
  /** Creates the queues, starts this replica's workers and the cluster's schedules. */
  start(ctx: AppContext): Promise<void>;
  /** Stops taking jobs and lets those under way end (their signal is aborted first). */
  stop(): Promise<void>;
}

/**
 * `superviseSeconds`: how often the queue looks for tries whose replica went silent (heartbeat) or
 * ran too long, and keeps its tables (JOB_SUPERVISE_SECONDS).
 */
export function createJobQueue(database: BackgroundDatabase, jobs: readonly AnyJob[], log: BusLog, superviseSeconds: number): JobQueue {
  const byName = new Map(jobs.map((job) => [job.name, job]));
  const boss = new PgBoss({
    connectionString: database.url,
    schema: 'pgboss',
    max: QUEUE_POOL_SIZE,
    application_name: 'crm-jobs',
    useListenNotify: true,
    superviseIntervalSeconds: superviseSeconds,
    monitorIntervalSeconds: superviseSeconds,
    openTelemetry: { enabled: false },
  });
  boss.on('error', (error) => log.error({ err: error }, 'Cola de trabajos: error'));
  boss.on('warning', (warning) => log.warn({ warning: warning.data }, `Cola de trabajos: ${warning.message}`));
  const stopping = new AbortController();
  let started = false;

  const work = (ctx: JobContext, job: AnyJob) =>
    boss.work(
      job.name,
      {
        includeMetadata: true,
        batchSize: 'handleBatch' in job ? job.batchSize : 1,
        // A job enqueued now wakes an idle worker at once (LISTEN/NOTIFY), and one enqueued while it
        // works makes it fetch again as soon as it is done; a full batch does too (more are waiting);
        // polling finds the rest: jobs that became due (delayed, retried) and those queued behind a
        // one-job worker's fetch.
        burstWhenBatchFull: true,
        pollingIntervalSeconds: job.settings.pollSeconds ?? DEFAULT_POLL_SECONDS,
        notifyPollingIntervalSeconds: job.settings.pollSeconds ?? DEFAULT_POLL_SECONDS,
      },
      async (claimed: JobWithMetadata<object>[]) => {
        const first = claimed[0];
        if (!first) return;
        const attempt = Math.max(...claimed.map((one) => one.retryCount));
        const run = { attempt, signal: AbortSignal.any([...claimed.map((one) => one.signal), stopping.signal]) };
        try {
          if ('handleBatch' in job)
            await job.handleBatch(
              ctx,
              claimed.map((one) => job.payload.parse(one.data)),
              run,
            );
          else await job.handler(ctx, job.payload.parse(first.data), run);
        } catch (error) {
          // The queue stores the error on the jobs; the log says whether they come back.
          const last = attempt >= first.retryLimit;
          const details = { err: error, job: job.name, jobIds: claimed.map((one) => one.id), attempt };
          if (last) log.error(details, 'Trabajo fallido sin más reintentos');
          else log.warn(details, 'Trabajo fallido: se reintentará');
          throw error;
        }
      },
    );

  return {
    async start(ctx) {
      await boss.start();
      started = true;
      const jobCtx: JobContext = { ...ctx, database: { url: database.url, embedded: database.embedded } };
      for (const job of jobs) {
        const { settings } = job;
        const options = {
          retryLimit: settings.retries,
          retryDelay: settings.retryDelaySeconds,
          retryBackoff: true,
          notify: true,
          // pg-boss checks every key present, so the unset ones stay out.
          ...(settings.expireInSeconds === undefined ? {} : { expireInSeconds: settings.expireInSeconds }),
          ...(settings.heartbeatSeconds === undefined ? {} : { heartbeatSeconds: settings.heartbeatSeconds }),
        };
        await boss.createQueue(job.name, { ...options, policy: settings.onePending ? 'short' : 'standard' });
        // A queue made by an earlier release keeps its row: this release's settings replace its own.
        await boss.updateQueue(job.name, options);
        if (settings.cron) await boss.schedule(job.name, settings.cron, {}, { tz: 'UTC' });
        await work(jobCtx, job);
      }
    },

    async enqueue(job, payload, options: EnqueueOptions = {}) {
      if (byName.get(job.name) !== job) throw new Error(`Trabajo no registrado en la cola: ${job.name}`);
      await boss.send(job.name, job.payload.parse(payload), {
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.key === undefined ? {} : { singletonKey: options.key }),
        ...(options.within ? { db: fromKysely(options.within) } : {}),
      });
    },

    async stop() {
      stopping.abort();
      if (started) await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS, close: true });
    },
  };
}
