/**
 * A second API replica as a real separate process (src/main.ts through tsx, so it always
 * matches the source) on a given PostgreSQL database, for tests and benchmarks of replicas.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;
/** Enough of the child's output to explain a failure, without growing for the whole run. */
const OUTPUT_TAIL_CHARS = 20_000;

export interface ReplicaProcess {
  url: string;
  pid: number;
  /** The tail of what the child printed (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGTERM (a graceful close), then SIGKILL if it has not exited after a grace period. */
  stop(): Promise<void>;
}

export interface ReplicaProcessOptions {
  databaseUrl: string;
  /** Extra environment for the child (e.g. ADMIN_PASSWORD, LOG_LEVEL). */
  env?: Record<string, string>;
}

export async function startReplicaProcess({ databaseUrl, env = {} }: ReplicaProcessOptions): Promise<ReplicaProcess> {
  // `node --import tsx` rather than the tsx CLI: one process, so the signals we send reach the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: { ...process.env, DATA_DIR: '/nonexistent', LOG_LEVEL: 'warn', ...env, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const keepTail = (text: string) => text.slice(-OUTPUT_TAIL_CHARS);
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
    const url = await waitForUrl(child, () => stdout, (text) => (stdout = keepTail(stdout + text)), output);
    await waitForHealth(url, child, output);
    return { url, pid: child.pid ?? 0, output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** main.ts prints `CRM listo en <url>` once listening; an exit or a timeout before that is a failed start. */
function waitForUrl(child: ChildProcess, stdout: () => string, append: (text: string) => void, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`la réplica no arrancó en ${READY_TIMEOUT_MS / 1000} s\n${output()}`)), READY_TIMEOUT_MS);
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      reject(new Error(`la réplica terminó (código ${code ?? signal}) antes de escuchar\n${output()}`));
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
    if (child.exitCode !== null) throw new Error(`la réplica terminó (código ${child.exitCode})\n${output()}`);
    try {
      const response = await fetch(new URL('/api/health', url));
      if (response.ok) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`la réplica no respondió en /api/health (${last})\n${output()}`);
}
