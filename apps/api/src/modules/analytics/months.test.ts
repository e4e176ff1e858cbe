import { describe, expect, it } from 'vitest';
import { monthsBetween } from './months.js';

describe('monthsBetween', () => {
  it('lists every month the range touches, oldest first', () => {
    expect(monthsBetween(new Date(2026, 9, 22, 10), new Date(2026, 10, 22, 10))).toEqual(['2026-10', '2026-11']);
    expect(monthsBetween(new Date(2025, 10, 22), new Date(2026, 10, 22))).toHaveLength(13);
  });

  it('leaves out the month the exclusive end starts', () => {
    expect(monthsBetween(new Date(2026, 0, 1), new Date(2026, 1, 1))).toEqual(['2026-01']);
  });

  it('crosses the year', () => {
    expect(monthsBetween(new Date(2025, 11, 31), new Date(2026, 0, 2))).toEqual(['2025-12', '2026-01']);
  });
});
