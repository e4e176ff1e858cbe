/** The progress line of a running import: rows of total, rows per second and time left, from the server's counts and rate. */
import { type ImportJobState, formatNumber } from '@crm/domain';

export interface ImportSpeed {
  rowsPerSecond: number;
  secondsLeft: number;
}

/** Where a running job is: the rows done of its phase (read, then saved) out of how many. */
export function importStep(job: Pick<ImportJobState, 'phase' | 'rowsRead' | 'rowsSaved' | 'total'>): { done: number; of: number } {
  return job.phase === 'saving' ? { done: job.rowsSaved, of: job.rowsRead } : { done: job.rowsRead, of: job.total };
}

/** Undefined until the server has measured a rate in the current phase. */
export function importSpeed(
  job: Pick<ImportJobState, 'rowsPerSecond' | 'phase' | 'rowsRead' | 'rowsSaved' | 'total'>,
): ImportSpeed | undefined {
  const { rowsPerSecond } = job;
  if (!rowsPerSecond || rowsPerSecond <= 0) return undefined;
  const step = importStep(job);
  return { rowsPerSecond, secondsLeft: Math.max(0, step.of - step.done) / rowsPerSecond };
}

/** '45 s', '3 min 05 s'. */
export function formatSecondsLeft(seconds: number): string {
  const whole = Math.ceil(seconds);
  if (whole < 60) return `${whole} s`;
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

/** '12.345 de 40.000 filas · 2.100 filas/s · quedan 15 s'. */
export function progressLine(rowsRead: number, total: number, speed: ImportSpeed | undefined): string {
  const rows = `${formatNumber(rowsRead)} de ${formatNumber(Math.max(total, rowsRead))} filas`;
  if (!speed) return `${rows} · calculando el tiempo restante…`;
  return `${rows} · ${formatNumber(Math.round(speed.rowsPerSecond))} filas/s · quedan ${formatSecondsLeft(speed.secondsLeft)}`;
}

/** Percent for the bar; 0 while the total is unknown. */
export function progressPercent(rowsRead: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, (rowsRead / total) * 100);
}

/** The bar of a running job: its current phase's share done. */
export function importPercent(job: Pick<ImportJobState, 'phase' | 'rowsRead' | 'rowsSaved' | 'total'>): number {
  const step = importStep(job);
  return progressPercent(step.done, step.of);
}
