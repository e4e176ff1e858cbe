/**
 * Asks one URL, one request after another (`pauseMs` apart), until stopped, and answers every latency: what another
 * user waits while a benchmark's heavy work runs. It runs in a worker thread, so the benchmark's own
 * client work (reading 57 MB answers, sending thousands of frames or a 100 MB upload) never delays
 * the probe and is never counted as the server's latency. Its first request only warms it up (a new
 * thread loads fetch and opens its connection, slowly on a busy machine) and is not counted either.
 */
import { Worker } from 'node:worker_threads';

export interface LatencyProbe {
  /** Resolves once the warm-up request has been answered: start the measured work after it. */
  ready: Promise<void>;
  stop(): Promise<number[]>;
}

export function probeLatency(url: string, cookie = '', pauseMs = 10): LatencyProbe {
  const worker = new Worker(PROBE_SOURCE, { eval: true, workerData: { url, cookie, pauseMs } });
  const ready = new Promise<void>((resolve) => worker.once('message', () => resolve()));
  return {
    ready,
    stop: async () => {
      await ready;
      const times = new Promise<number[]>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const answered = await times;
      await worker.terminate();
      return answered;
    },
  };
}

const PROBE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const times = [];
let running = true;
parentPort.once('message', () => { running = false; });
(async () => {
  const headers = workerData.cookie ? { cookie: workerData.cookie } : {};
  await fetch(workerData.url, { headers }).then((response) => response.arrayBuffer(), () => undefined);
  parentPort.postMessage('ready');
  while (running) {
    const started = performance.now();
    await fetch(workerData.url, { headers }).then((response) => response.arrayBuffer(), () => undefined);
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, workerData.pauseMs));
  }
  parentPort.postMessage(times);
})();
`;

/** Worst and 95th percentile of a probe's latencies, in milliseconds. */
export function worstAndP95(times: readonly number[]): { worst: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { worst: sorted.at(-1) ?? Number.NaN, p95: sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN };
}
