import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestServer, type TestServer } from '../test/harness.js';
import { defineBatchJob, defineJob } from './job-definition.js';
import { createJobQueue, type JobQueue } from './job-queue.js';

/** What the queue logged, by message. */
function recordingLog() {
  const lines: string[] = [];
  const record = (_details: object, message: string) => void lines.push(message);
  return { lines, error: record, warn: record };
}

const attempts: number[] = [];
const failing = defineJob({
  name: 'test.always-fails',
  payload: z.object({}),
  settings: { retries: 2, retryDelaySeconds: 1, pollSeconds: 0.5 },
  handler() {
    attempts.push(Date.now());
    return Promise.reject(new Error('falla a propósito'));
  },
});

const received: string[] = [];
const recording = defineJob({
  name: 'test.records',
  payload: z.object({ word: z.string() }),
  settings: { retries: 0, retryDelaySeconds: 1 },
  handler(_ctx, { word }) {
    received.push(word);
    return Promise.resolve();
  },
});

const batches: number[][] = [];
const batched = defineBatchJob({
  name: 'test.batched',
  payload: z.object({ n: z.number() }),
  batchSize: 10,
  settings: { retries: 0, retryDelaySeconds: 1 },
  handleBatch(_ctx, payloads) {
    batches.push(payloads.map((payload) => payload.n));
    return Promise.resolve();
  },
});

const runs: Date[] = [];
const everyMinute = defineJob({
  name: 'test.every-minute',
  payload: z.object({}),
  settings: { retries: 0, retryDelaySeconds: 1, cron: '* * * * *' },
  handler() {
    runs.push(new Date());
    return Promise.resolve();
  },
});

/** Two queues on one database are two replicas as far as the queue knows: one per process in production. */
describe('the job queue', () => {
  let server: TestServer;
  const log = recordingLog();
  const replicas: JobQueue[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    for (let index = 0; index < 2; index += 1) {
      const queue = createJobQueue(server.database, [failing, recording, batched, everyMinute], log, 1);
      await queue.start(server.ctx);
      replicas.push(queue);
    }
  });

  afterAll(async () => {
    await Promise.all(replicas.map((queue) => queue.stop()));
    await server?.close();
  });

  it('retries a failing handler with growing delays, then leaves the job failed with its error and says so in the log', async () => {
    await replicas[0]?.enqueue(failing, {});
    await expect.poll(() => attempts.length, { timeout: 20_000 }).toBe(3);
    const gaps = attempts.slice(1).map((at, index) => at - (attempts[index] ?? at));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(900);
    const job = async () =>
      (
        await sql<{ state: string; retry_count: number; output: { message?: string } | null }>`
        select state, retry_count, output from pgboss.job where name = ${failing.name}`.execute(server.ctx.db)
      ).rows;
    await expect
      .poll(job)
      .toEqual([{ state: 'failed', retry_count: 2, output: expect.objectContaining({ message: 'falla a propósito' }) }]);
    expect(log.lines.filter((line) => line === 'Trabajo fallido: se reintentará')).toHaveLength(2);
    expect(log.lines.filter((line) => line === 'Trabajo fallido sin más reintentos')).toHaveLength(1);
  });

  it('enqueues within a transaction only if it commits, and runs each job once across replicas', async () => {
    await server.ctx.db
      .transaction()
      .execute(async (trx) => {
        await replicas[0]?.enqueue(recording, { word: 'deshecho' }, { within: trx });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await server.ctx.db.transaction().execute(async (trx) => {
      for (const word of ['uno', 'dos', 'tres']) await replicas[1]?.enqueue(recording, { word }, { within: trx });
    });
    await expect.poll(() => [...received].sort(), { timeout: 10_000 }).toEqual(['dos', 'tres', 'uno']);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect([...received].sort()).toEqual(['dos', 'tres', 'uno']);
  });

  it('hands a batch job what waits together, at most its batch size a run, each once', async () => {
    await server.ctx.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 25; n += 1) await replicas[0]?.enqueue(batched, { n }, { within: trx });
    });
    await expect.poll(() => batches.flat().sort((a, b) => a - b), { timeout: 10_000 }).toEqual(Array.from({ length: 25 }, (_, n) => n));
    expect(Math.max(...batches.map((batch) => batch.length))).toBeLessThanOrEqual(10);
    expect(batches.length).toBeLessThan(25);
  });

  it('refuses a job it was not given', async () => {
    await expect(replicas[0]?.enqueue({ ...recording }, { word: 'x' })).rejects.toThrow('Trabajo no registrado');
  });

  it('runs a schedule once per occurrence, however many replicas run it', async () => {
    await expect.poll(() => runs.length, { timeout: 80_000, interval: 500 }).toBeGreaterThanOrEqual(1);
    // Time for a second replica's duplicate to show up, if there were one.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const minutes = runs.map((at) => Math.floor(at.getTime() / 60_000));
    expect(new Set(minutes).size).toBe(minutes.length);
  }, 95_000);
});
