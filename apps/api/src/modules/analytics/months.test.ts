import { describe, expect, it } from 'vitest';
import { monthBuckets } from './months.js';

const names = (from: Date, to: Date) => monthBuckets(from, to).map((bucket) => bucket.month);

describe('monthBuckets', () => {
  it('lists every month the range touches, oldest first', () => {
    expect(names(new Date(2026, 9, 22, 10), new Date(2026, 10, 22, 10))).toEqual(['2026-10', '2026-11']);
    expect(names(new Date(2025, 10, 22), new Date(2026, 10, 22))).toHaveLength(13);
  });

  it('leaves out the month the exclusive end starts', () => {
    expect(names(new Date(2026, 0, 1), new Date(2026, 1, 1))).toEqual(['2026-01']);
  });

  it('crosses the year', () => {
    expect(names(new Date(2025, 11, 31), new Date(2026, 0, 2))).toEqual(['2025-12', '2026-01']);
  });

  it('clips the first and last month to the range, so the buckets tile it exactly', () => {
    const from = new Date(2026, 9, 22, 10);
    const to = new Date(2026, 10, 22, 10);
    const buckets = monthBuckets(from, to);
    expect(buckets[0]).toEqual({ month: '2026-10', from, to: new Date(2026, 10, 1) });
    expect(buckets[1]).toEqual({ month: '2026-11', from: new Date(2026, 10, 1), to });
  });
});
