import { describe, expect, it } from 'vitest';
import { formatSecondsLeft, importSpeed, importStep, progressLine, progressPercent } from './import-progress';

describe('import progress line', () => {
  it('gives the time left from the rate the server measured', () => {
    const speed = importSpeed({ rowsPerSecond: 2000, phase: 'reading', rowsRead: 4000, rowsSaved: 0, total: 40_000 });
    expect(speed).toEqual({ rowsPerSecond: 2000, secondsLeft: 18 });
    expect(progressLine(4000, 40_000, speed)).toBe('4.000 de 40.000 filas · 2.000 filas/s · quedan 18 s');
  });

  it('says it is still measuring until the server has a rate, and never shows a total below the rows read', () => {
    expect(importSpeed({ rowsPerSecond: null, phase: 'reading', rowsRead: 0, rowsSaved: 0, total: 1000 })).toBeUndefined();
    expect(progressLine(1200, 1000, undefined)).toBe('1.200 de 1.200 filas · calculando el tiempo restante…');
  });

  it('follows the saved rows of the rows read once the job saves', () => {
    const job = { rowsPerSecond: 5000, phase: 'saving' as const, rowsRead: 30_000, rowsSaved: 10_000, total: 31_000 };
    expect(importStep(job)).toEqual({ done: 10_000, of: 30_000 });
    expect(importSpeed(job)).toEqual({ rowsPerSecond: 5000, secondsLeft: 4 });
  });

  it('writes minutes and seconds, and caps the bar at 100', () => {
    expect(formatSecondsLeft(185.2)).toBe('3 min 06 s');
    expect(formatSecondsLeft(0.4)).toBe('1 s');
    expect(progressPercent(50, 200)).toBe(25);
    expect(progressPercent(300, 200)).toBe(100);
    expect(progressPercent(10, 0)).toBe(0);
  });
});
