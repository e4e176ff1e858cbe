/**
 * Asks one URL, one request after another (`pauseMs` apart), until stopped, and answers every latency: what another
 * user waits while a benchmark's heavy work runs. It runs in a worker thread, so the benchmark's own
 * client work (reading 57 MB answers, sending thousands of frames or a 100 MB upload) never delays
 * the probe and is never counted as the server's latency. Its first request only warms it up (a new
 * thread loads fetch and opens its connection, slowly on a busy machine) and is not counted either.
 */
import { Worker } from 'node:worker_threads';

interface LatencyProbe {
  /** Resolves once the warm-up request has been answered: start the measured work after it. */
  ready: Promise<void>;
  stop(): Promise<number[]>;
}

function probeLatency(url: string, cookie = '', pauseMs = 10): LatencyProbe {
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
function worstAndP95(times: readonly number[]): { worst: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { worst: sorted.at(-1) ?? Number.NaN, p95: sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN };
}

/** The issue's bound: other users' p95 during heavy work at most twice their p95 with nothing running. */
const OTHERS_RATIO_TARGET = 2;

/**
 * Other users' latencies: `/api/health` (no session) and, with a Vendedor's session, a page of the
 * whole lead list (REST without a tab: every visible lead, newest first) and a page of what the Leads
 * screen opens on (the spec's Leads Activos tab, `view=leads`).
 */
export interface OthersLatency {
  health: number[];
  list: number[];
  screen: number[];
}

export interface OthersProbe {
  ready: Promise<void>;
  stop(): Promise<OthersLatency>;
}

/** Starts probing what other users wait for: health and two lead-list pages, each on its own thread. */
export function probeOthers(url: string, listCookie: string, pauseMs?: number): OthersProbe {
  const health = probeLatency(new URL('/api/health', url).href, '', pauseMs);
  const list = probeLatency(new URL('/api/leads?limit=50', url).href, listCookie, pauseMs);
  const screen = probeLatency(new URL('/api/leads?view=leads&limit=50', url).href, listCookie, pauseMs);
  return {
    ready: Promise.all([health.ready, list.ready, screen.ready]).then(() => undefined),
    stop: async () => ({ health: await health.stop(), list: await list.stop(), screen: await screen.stop() }),
  };
}

/** The same probes for `seconds` with nothing else running: the reference the heavy work is compared with. */
export async function quietLatency(url: string, listCookie: string, seconds: number, pauseMs?: number): Promise<OthersLatency> {
  const probe = probeOthers(url, listCookie, pauseMs);
  await probe.ready;
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return probe.stop();
}

/** "/api/health p95 12 ms (sin nada 4 ms, ×3.0 ✗) · lista … · Leads Activos …": p95 during the work against the quiet p95, with the ≤ 2× mark. */
export function othersText(during: OthersLatency, quiet: OthersLatency): string {
  const part = (name: string, times: number[], reference: number[]) => {
    const { worst, p95 } = worstAndP95(times);
    const quietP95 = worstAndP95(reference).p95;
    const ratio = p95 / quietP95;
    const mark = ratio <= OTHERS_RATIO_TARGET ? '✓' : '✗';
    return `${name} p95 ${p95.toFixed(0)} ms (sin nada ${quietP95.toFixed(0)} ms, ×${ratio.toFixed(2)} ${mark} ≤ ${OTHERS_RATIO_TARGET}×; peor ${worst.toFixed(0)} ms)`;
  };
  return (
    `otros usuarios: ${part('/api/health', during.health, quiet.health)} · ${part('lista de leads', during.list, quiet.list)}` +
    ` · ${part('Leads Activos', during.screen, quiet.screen)}`
  );
}
