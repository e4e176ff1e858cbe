import { afterEach, describe, expect, it } from 'vitest';
import { type WorkerScript, WorkerThreads } from './worker-threads.js';

/**
 * A task script through the real protocol (worker-task.ts): answers its thread's id, reports each
 * step, stops when told, fails on demand, can end its thread after answering, and with `inStep`
 * takes each next step only once the API's thread says it got the one before.
 */
const TASK_SOURCE = `
import { threadId } from 'node:worker_threads';
import { serveTasks } from ${JSON.stringify(new URL('./worker-task.ts', import.meta.url).href)};
serveTasks(async (data, control) => {
  if (data.fail) throw new Error('falla pedida');
  if (data.exitWhileIdle) setTimeout(() => process.exit(0), 20);
  for (let step = 1; step <= data.steps; step += 1) {
    if (control.stopRequested()) return { threadId, stoppedAt: step };
    control.report(step);
    if (data.inStep) await control.progressReached(step);
    await new Promise((resolve) => setTimeout(resolve, data.pauseMs ?? 0));
  }
  return { threadId, stoppedAt: null };
});
`;
const SCRIPT: WorkerScript = {
  url: new URL(`data:text/javascript,${encodeURIComponent(TASK_SOURCE)}`),
  execArgv: ['--import', 'tsx'],
  resourceLimits: {},
};

interface Outcome {
  threadId: number;
  stoppedAt: number | null;
}

let threads: WorkerThreads | undefined;
afterEach(async () => {
  await threads?.close();
});

describe('WorkerThreads', () => {
  it('runs one task after another on the same kept thread, with its reports', async () => {
    threads = new WorkerThreads();
    const reports: number[] = [];
    const first = await threads.start<number, Outcome>(SCRIPT, { steps: 3 }, (step) => reports.push(step)).done;
    const second = await threads.start<number, Outcome>(SCRIPT, { steps: 1 }, (step) => reports.push(step)).done;
    expect(reports).toEqual([1, 2, 3, 1]);
    expect(second.threadId).toBe(first.threadId);
  });

  it('warms one thread ahead, which the next task takes while it may still be loading', async () => {
    threads = new WorkerThreads();
    threads.warm(SCRIPT);
    threads.warm(SCRIPT);
    expect(threads.idleCount).toBe(1);
    const task = threads.start<number, Outcome>(SCRIPT, { steps: 1 }, () => undefined);
    expect(threads.idleCount).toBe(0);
    const outcome = await task.done;
    expect(threads.idleCount).toBe(1);
    const again = await threads.start<number, Outcome>(SCRIPT, { steps: 1 }, () => undefined).done;
    expect(again.threadId).toBe(outcome.threadId);
  });

  it('stops a task when asked; a stop sent after its end never reaches the next task', async () => {
    threads = new WorkerThreads();
    const long = threads.start<number, Outcome>(SCRIPT, { steps: 1000, pauseMs: 5 }, () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    long.stop();
    expect((await long.done).stoppedAt).toBeGreaterThan(1);
    long.stop();
    const next = await threads.start<number, Outcome>(SCRIPT, { steps: 20, pauseMs: 5 }, () => undefined).done;
    expect(next.stoppedAt).toBeNull();
  });

  it('lets a task wait for the API thread to catch up, and a stop end that wait', async () => {
    threads = new WorkerThreads();
    const reports: number[] = [];
    const paced = threads.start<number, Outcome>(SCRIPT, { steps: 3, inStep: true }, (step) => reports.push(step));
    // A new thread loads its modules first: the first report comes when it is ready, the second only when told.
    await expect.poll(() => reports).toEqual([1]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reports).toEqual([1]);
    paced.progress(2);
    await expect.poll(() => reports).toEqual([1, 2, 3]);
    paced.progress(3);
    expect((await paced.done).stoppedAt).toBeNull();
    const waitingReports: number[] = [];
    const waiting = threads.start<number, Outcome>(SCRIPT, { steps: 3, inStep: true }, (step) => waitingReports.push(step));
    await expect.poll(() => waitingReports).toEqual([1]);
    waiting.stop();
    expect((await waiting.done).stoppedAt).toBe(2);
  });

  it('drops a thread whose task failed: the next task gets a fresh one', async () => {
    threads = new WorkerThreads();
    const before = await threads.start<number, Outcome>(SCRIPT, { steps: 1 }, () => undefined).done;
    await expect(threads.start(SCRIPT, { fail: true }, () => undefined).done).rejects.toThrow('falla pedida');
    const after = await threads.start<number, Outcome>(SCRIPT, { steps: 1 }, () => undefined).done;
    expect(after.threadId).not.toBe(before.threadId);
  });

  it('forgets a kept thread that ended while it waited: the next task gets a fresh one', async () => {
    threads = new WorkerThreads();
    const before = await threads.start<number, Outcome>(SCRIPT, { steps: 1, exitWhileIdle: true }, () => undefined).done;
    expect(threads.idleCount).toBe(1);
    // Its exit reaches this thread whenever the loaded machine runs it: wait for that, not for a set time.
    await expect.poll(() => threads?.idleCount).toBe(0);
    const after = await threads.start<number, Outcome>(SCRIPT, { steps: 1 }, () => undefined).done;
    expect(after.threadId).not.toBe(before.threadId);
  });

  it('gives two tasks at once a thread each, and ends an idle thread after its wait', async () => {
    threads = new WorkerThreads(100);
    const [a, b] = await Promise.all([
      threads.start<number, Outcome>(SCRIPT, { steps: 2, pauseMs: 20 }, () => undefined).done,
      threads.start<number, Outcome>(SCRIPT, { steps: 2, pauseMs: 20 }, () => undefined).done,
    ]);
    expect(a.threadId).not.toBe(b.threadId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const later = await threads.start<number, Outcome>(SCRIPT, { steps: 1 }, () => undefined).done;
    expect([a.threadId, b.threadId]).not.toContain(later.threadId);
  });
});
