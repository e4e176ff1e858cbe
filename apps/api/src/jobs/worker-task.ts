/**
 * The thread's side of worker-threads.ts: takes one task at a time from the API's thread, lets it
 * report as it goes, hear how far the API's thread got with its reports (a number that only grows,
 * for backpressure), see a stop, and answers its result. A task that throws ends the thread (an
 * uncaught error), whose 'error' rejects the task in the API's thread: nothing of a failed task is
 * kept for the next one.
 */
import { parentPort } from 'node:worker_threads';

export type ToWorker = { type: 'run'; data: unknown } | { type: 'stop' } | { type: 'progress'; value: number };
export type FromWorker = { type: 'report'; value: unknown } | { type: 'result'; value: unknown };

export interface TaskControl<Report> {
  report(value: Report): void;
  /** True once the API's thread asked this task to end early. */
  stopRequested(): boolean;
  /** Resolves once the API's thread has said it got to `value` (WorkerTask.progress), or asked the task to stop. */
  progressReached(value: number): Promise<void>;
}

export function serveTasks<Data, Report, Result>(run: (data: Data, control: TaskControl<Report>) => Promise<Result>): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread');
  let stopRequested = false;
  let progress = 0;
  let waiting: { value: number; resolve: () => void } | undefined;
  const wake = () => {
    if (waiting && (stopRequested || progress >= waiting.value)) {
      waiting.resolve();
      waiting = undefined;
    }
  };
  const control: TaskControl<Report> = {
    report: (value) => port.postMessage({ type: 'report', value } satisfies FromWorker),
    stopRequested: () => stopRequested,
    progressReached: (value) =>
      new Promise((resolve) => {
        waiting = { value, resolve };
        wake();
      }),
  };
  port.on('message', (message: ToWorker) => {
    if (message.type === 'stop') {
      stopRequested = true;
      wake();
      return;
    }
    if (message.type === 'progress') {
      progress = Math.max(progress, message.value);
      wake();
      return;
    }
    stopRequested = false;
    progress = 0;
    run(message.data as Data, control).then(
      (value) => port.postMessage({ type: 'result', value } satisfies FromWorker),
      (error: unknown) => {
        // Thrown outside the promise: the thread's uncaught error, which the API's thread receives.
        setImmediate(() => {
          throw error;
        });
      },
    );
  });
}
