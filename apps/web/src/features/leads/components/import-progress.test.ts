import { describe, expect, it } from 'vitest';
import { formatSecondsLeft, importSpeed, progressLine, progressPercent } from './import-progress';

describe('import progress line', () => {
  it('gives the time left from the rate the server measured', () => {
    const speed = importSpeed({ rowsPerSecond: 2000, rowsRead: 4000, total: 40_000 });
    expect(speed).toEqual({ rowsPerSecond: 2000, secondsLeft: 18 });
    expect(progressLine(4000, 40_000, speed)).toBe('4.000 de 40.000 filas · 2.000 filas/s · quedan 18 s');
  });

  it('says it is still measuring until the server has a rate, and never shows a total below the rows read', () => {
    expect(importSpeed({ rowsPerSecond: null, rowsRead: 0, total: 1000 })).toBeUndefined();
    expect(progressLine(1200, 1000, undefined)).toBe('1.200 de 1.200 filas · calculando el tiempo restante…');
  });

  it('writes minutes and seconds, and caps the bar at 100', () => {
    expect(formatSecondsLeft(185.2)).toBe('3 min 06 s');
    expect(formatSecondsLeft(0.4)).toBe('1 s');
    expect(progressPercent(50, 200)).toBe(25);
    expect(progressPercent(300, 200)).toBe(100);
    expect(progressPercent(10, 0)).toBe(0);
  });
});
