/**
 * The API as a real separate process (src/main.ts, from the build when it is fresh, node-entry.ts):
 * a second replica in the replica tests, the measured server in the benchmarks.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { API_DIR, nodeEntry } from './node-entry.js';

const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;
/** Enough of the child's output to explain a failure, without growing for the whole run. */
const OUTPUT_TAIL_CHARS = 20_000;

export interface ApiProcess {
  url: string;
  pid: number;
  /** The tail of what the child printed (stdout and stderr), for failure messages. */
  output(): string;
  /** Every line of stdout that matched `watch`, however much was printed after it. */
  watched(): readonly string[];
  /** Resident memory of the process now, in bytes (Linux /proc). */
  rss(): Promise<number>;
  /** SIGTERM (a graceful close), then SIGKILL if it has not exited after a grace period. */
  stop(): Promise<void>;
}

export interface ApiProcessOptions {
  /** PostgreSQL to use; without it the child starts the embedded server in `env.DATA_DIR`. */
  databaseUrl?: string;
  /** Extra environment for the child (e.g. DATA_DIR, ADMIN_PASSWORD, LOG_LEVEL). */
  env?: Record<string, string>;
  /** Log lines a test reads later: kept whole, where the output's tail would lose them under request logs. */
  watch?: RegExp;
}

export async function startApiProcess({ databaseUrl, env = {}, watch }: ApiProcessOptions): Promise<ApiProcess> {
  const database = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  // Node itself (with `--import tsx` for the source) rather than the tsx CLI: one process, so the
  // signals we send reach the server itself. The heap cap is the production one (the `start` script and the Dockerfile; README, Configuration).
  const child = spawn(process.execPath, ['--max-old-space-size=512', ...nodeEntry('src/main.ts')], {
    cwd: API_DIR,
    env: {
      ...process.env,
      DATA_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      JOB_SUPERVISE_SECONDS: '1',
      WORK_BUDGET_BURST: '100000',
      ...env,
      ...database,
      PORT: '0',
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const keepTail = (text: string) => text.slice(-OUTPUT_TAIL_CHARS);
  const watchedLines: string[] = [];
  let partialLine = '';
  if (watch)
    child.stdout?.on('data', (chunk: Buffer) => {
      const lines = (partialLine + chunk.toString()).split('\n');
      partialLine = lines.pop() ?? '';
      watchedLines.push(...lines.filter((line) => watch.test(line)));
    });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = keepTail(stderr + chunk.toString());
  });
  const output = () => [stdout && `stdout:\n${stdout}`, stderr && `stderr:\n${stderr}`].filter(Boolean).join('\n');
  // If the parent dies without stopping it, the replica must not live on holding its port and connections.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => process.removeListener('exit', killOnExit));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };

  try {
    const url = await waitForUrl(
      child,
      () => stdout,
      (text) => (stdout = keepTail(stdout + text)),
      output,
    );
    await waitForHealth(url, child, output);
    const pid = child.pid ?? 0;
    const rss = async () => {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    };
    return { url, pid, output, watched: () => watchedLines, rss, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** main.ts prints `CRM listo en <url>` once listening; an exit or a timeout before that is a failed start. */
function waitForUrl(child: ChildProcess, stdout: () => string, append: (text: string) => void, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`el proceso de la API no arrancó en ${READY_TIMEOUT_MS / 1000} s\n${output()}`)),
      READY_TIMEOUT_MS,
    );
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      reject(new Error(`el proceso de la API terminó (código ${code ?? signal}) antes de escuchar\n${output()}`));
    };
    child.once('exit', onExit);
    child.stdout?.on('data', (chunk: Buffer) => {
      append(chunk.toString());
      const match = /CRM listo en (\S+)/.exec(stdout());
      if (match?.[1]) {
        clearTimeout(timer);
        child.removeListener('exit', onExit);
        resolve(match[1]);
      }
    });
  });
}

/** Listening is not the same as answering: wait until /api/health says the database is there. */
async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`el proceso de la API terminó (código ${child.exitCode})\n${output()}`);
    try {
      const response = await fetch(new URL('/api/health', url));
      if (response.ok) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`el proceso de la API no respondió en /api/health (${last})\n${output()}`);
}
