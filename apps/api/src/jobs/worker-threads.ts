/**
 * Worker threads kept for a job's CPU work (an import's reading, import-stage.ts). A new thread
 * loads its modules before it does anything, about a second of CPU, so a thread that finished its
 * task waits a while for the next one instead of exiting. One task at a time per thread; a thread
 * that fails (an error, its memory limit) is dropped and the next task starts a fresh one. The
 * thread's side of the protocol is worker-task.ts.
 */
import { type ResourceLimits, Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './worker-task.js';

export interface WorkerScript {
  url: URL;
  execArgv: string[];
  resourceLimits: ResourceLimits;
}

export interface WorkerTask<Result> {
  /** The task's result; rejected when its thread failed or exited. */
  done: Promise<Result>;
  /** Asks the task to end early; it still answers through `done`. */
  stop(): void;
  /** Tells the task how far this thread got (TaskControl.progressReached). */
  progress(value: number): void;
}

/** How long a thread with no task is kept: long enough for the next import of a busy team. */
const IDLE_MS = 60_000;

export class WorkerThreads {
  private readonly idle = new Map<string, Worker[]>();
  /** Each idle thread's end: its timer, and what removes it from `idle` if it exits while it waits. */
  private readonly idleEnds = new Map<Worker, { timer: NodeJS.Timeout; onExit: () => void }>();
  private closed = false;

  constructor(private readonly idleMs = IDLE_MS) {}

  /** How many threads wait for a task now. */
  get idleCount(): number {
    return this.idleEnds.size;
  }

  start<Report, Result>(script: WorkerScript, data: unknown, onReport: (report: Report) => void): WorkerTask<Result> {
    const worker = this.take(script);
    let running = true;
    const done = new Promise<Result>((resolve, reject) => {
      const onMessage = (message: FromWorker) => {
        if (message.type === 'report') return onReport(message.value as Report);
        finish();
        this.giveBack(script, worker);
        resolve(message.value as Result);
      };
      const onError = (error: Error) => {
        finish();
        void worker.terminate();
        reject(error);
      };
      const onExit = (code: number) => {
        finish();
        reject(new Error(`El hilo de trabajo terminó (${code})`));
      };
      const finish = () => {
        running = false;
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      };
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
    worker.postMessage({ type: 'run', data } satisfies ToWorker);
    return {
      done,
      // Once the task has ended its thread may serve another: a late stop must not reach that one.
      stop: () => {
        if (running) worker.postMessage({ type: 'stop' } satisfies ToWorker);
      },
      progress: (value) => {
        if (running) worker.postMessage({ type: 'progress', value } satisfies ToWorker);
      },
    };
  }

  /**
   * Starts a thread for `script` now unless one is idle, so a task started soon after finds it
   * loaded, or loading, instead of paying for its start itself. It waits like a thread that finished.
   */
  warm(script: WorkerScript): void {
    if (this.closed || (this.idle.get(script.url.href)?.length ?? 0) > 0) return;
    this.giveBack(script, this.spawn(script));
  }

  /** Ends the idle threads; busy ones end when their task does (the server stops its jobs first). */
  async close(): Promise<void> {
    this.closed = true;
    const idle = [...this.idle.values()].flat();
    this.idle.clear();
    for (const worker of idle) this.stopWaiting(worker);
    await Promise.all(idle.map((worker) => worker.terminate()));
  }

  private take(script: WorkerScript): Worker {
    const worker = this.idle.get(script.url.href)?.pop();
    if (!worker) return this.spawn(script);
    this.stopWaiting(worker);
    worker.ref();
    return worker;
  }

  private spawn(script: WorkerScript): Worker {
    return new Worker(script.url, { execArgv: script.execArgv, resourceLimits: script.resourceLimits });
  }

  private giveBack(script: WorkerScript, worker: Worker): void {
    if (this.closed) {
      void worker.terminate();
      return;
    }
    // A kept thread never holds the process open.
    worker.unref();
    const idle = this.idle.get(script.url.href) ?? [];
    idle.push(worker);
    this.idle.set(script.url.href, idle);
    const leave = () => {
      this.stopWaiting(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
    };
    const timer = setTimeout(() => {
      leave();
      void worker.terminate();
    }, this.idleMs);
    timer.unref();
    worker.once('exit', leave);
    this.idleEnds.set(worker, { timer, onExit: leave });
  }

  private stopWaiting(worker: Worker): void {
    const end = this.idleEnds.get(worker);
    if (!end) return;
    clearTimeout(end.timer);
    worker.off('exit', end.onExit);
    this.idleEnds.delete(worker);
  }
}
