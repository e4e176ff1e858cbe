/**
 * Memory figures: the API process's RSS, and the embedded server's PSS summed over the postmaster
 * and its children (backends, checkpointer, walwriter…). PSS, not RSS: every PostgreSQL process maps
 * the same shared buffers, and RSS would count them once per process.
 */
import { readdir, readFile } from 'node:fs/promises';
import { megabytes, samplePeak } from './server-process.js';

export async function childrenOf(parent: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === parent) children.push(Number(entry));
  }
  return children;
}

async function pssOf(pid: number): Promise<number> {
  const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => '');
  return Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) * 1024;
}

/** The PSS of a postmaster and all its children, in bytes. */
export async function postgresPss(postmasterPid: number): Promise<number> {
  const pids = [postmasterPid, ...(await childrenOf(postmasterPid))];
  const sizes = await Promise.all(pids.map(pssOf));
  return sizes.reduce((sum, size) => sum + size, 0);
}

export interface MemoryReaders {
  apiRss: () => Promise<number>;
  /** Undefined where the server is not the embedded one (`--pg`'s is shared with whatever else runs there). */
  serverPss?: () => Promise<number>;
}

export interface MemoryFigures {
  apiIdle: number;
  apiPeak: number;
  serverIdle?: number;
  serverPeak?: number;
}

/**
 * Reads the idle figures now and samples the peaks until `stop()`. PSS is sampled less often than
 * RSS: reading every backend's smaps_rollup walks their page tables, work taken from the server measured.
 */
export async function watchMemory(readers: MemoryReaders): Promise<{ stop(): Promise<MemoryFigures> }> {
  const apiIdle = await readers.apiRss();
  const serverIdle = await readers.serverPss?.();
  const api = samplePeak(readers.apiRss);
  const server = readers.serverPss ? samplePeak(readers.serverPss, 250) : undefined;
  return {
    stop: async () => ({ apiIdle, apiPeak: await api.stop(), serverIdle, serverPeak: await server?.stop() }),
  };
}

export function memoryText(figures: MemoryFigures): string {
  const api = `RSS de la API: reposo ${megabytes(figures.apiIdle)}, pico ${megabytes(figures.apiPeak)}`;
  if (figures.serverIdle === undefined || figures.serverPeak === undefined) return api;
  return `${api}; PSS del servidor integrado: reposo ${megabytes(figures.serverIdle)}, pico ${megabytes(figures.serverPeak)}`;
}
