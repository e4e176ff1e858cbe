/**
 * CPU time spent, from /proc: by the API process, and by the embedded server (the postmaster, its
 * live children, and the children it has reaped). What a unit of work costs in CPU holds however
 * busy the machine is, where its latency does not.
 */
import { readFile } from 'node:fs/promises';
import { childrenOf } from './memory.js';

const TICKS_PER_SECOND = 100;

/** utime, stime, cutime, cstime: fields 14–17 of /proc/<pid>/stat, read after the command's closing parenthesis. */
async function ticksOf(pid: number, withReaped: boolean): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  const [utime = 0, stime = 0, cutime = 0, cstime = 0] = fields.slice(11, 15);
  return utime + stime + (withReaped ? cutime + cstime : 0);
}

export async function processCpuSeconds(pid: number): Promise<number> {
  return (await ticksOf(pid, false)) / TICKS_PER_SECOND;
}

export async function postgresCpuSeconds(postmasterPid: number): Promise<number> {
  const children = await childrenOf(postmasterPid);
  const ticks = await Promise.all([ticksOf(postmasterPid, true), ...children.map((pid) => ticksOf(pid, false))]);
  return ticks.reduce((sum, value) => sum + value, 0) / TICKS_PER_SECOND;
}
