import { describe, expect, it } from 'vitest';
import { formatTrend } from '../format/dashboard-display.js';
import { recentActivitiesQuerySchema, trendPercent } from './dashboard.js';

describe('trendPercent', () => {
  it('is the whole-percent change against the previous window', () => {
    expect(trendPercent(12, 10)).toBe(20);
    expect(trendPercent(9, 12)).toBe(-25);
    expect(trendPercent(10, 10)).toBe(0);
    expect(trendPercent(2, 3)).toBe(-33);
  });

  it('is null when there is no previous data', () => {
    expect(trendPercent(5, 0)).toBeNull();
    expect(trendPercent(0, 0)).toBeNull();
  });
});

describe('formatTrend', () => {
  it('signs the change', () => {
    expect(formatTrend(12)).toBe('+12%');
    expect(formatTrend(-3)).toBe('-3%');
    expect(formatTrend(0)).toBe('0%');
  });
});

describe('recentActivitiesQuerySchema', () => {
  it('defaults to 10 and reads query strings', () => {
    expect(recentActivitiesQuerySchema.parse({})).toEqual({ limit: 10 });
    expect(recentActivitiesQuerySchema.parse({ limit: '5' })).toEqual({ limit: 5 });
  });

  it('refuses limits out of range with a Spanish message', () => {
    expect(recentActivitiesQuerySchema.safeParse({ limit: 0 }).error?.issues[0]?.message).toBe('Límite inválido');
    expect(recentActivitiesQuerySchema.safeParse({ limit: 51 }).error?.issues[0]?.message).toBe('El límite máximo es 50');
    expect(recentActivitiesQuerySchema.safeParse({ limit: 'x' }).error?.issues[0]?.message).toBe('Límite inválido');
  });
});
