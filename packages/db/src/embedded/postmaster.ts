/**
 * What a data folder says about the postmaster that last ran on it (its `postmaster.pid`), and how
 * to stop one: a killed API leaves its postmaster running, or (a killed machine) a pid file behind.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Postmaster {
  pid: number;
  port: number;
  ready: boolean;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A pid can be reused by an unrelated process after a reboot; on Linux /proc tells whether it is a postgres. */
async function isPostgresProcess(pid: number): Promise<boolean> {
  if (!isAlive(pid)) return false;
  const command = await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => undefined);
  return command === undefined || command.trim() === 'postgres';
}

/** The postmaster running on this cluster, if any; a pid file whose postmaster is gone is removed. */
export async function runningPostmaster(clusterDir: string): Promise<Postmaster | undefined> {
  const file = path.join(clusterDir, 'postmaster.pid');
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  // Lines: pid, data folder, start time, port, socket folder, listen address, shared memory key, status.
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !(await isPostgresProcess(pid))) {
    await rm(file, { force: true });
    return undefined;
  }
  return { pid, port: Number(lines[3]), ready: lines[7]?.trim() === 'ready' };
}

/** Fast shutdown (SIGINT: ends sessions, checkpoints); escalates if it does not end in time. */
export async function stopPostmaster(pid: number): Promise<void> {
  const steps: [NodeJS.Signals, number][] = [
    ['SIGINT', 30_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ];
  for (const [signal, waitMs] of steps) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await exits(pid, waitMs)) return;
  }
  throw new Error(`El servidor PostgreSQL integrado (pid ${pid}) no se detuvo.`);
}

async function exits(pid: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(25);
  }
  return !isAlive(pid);
}
