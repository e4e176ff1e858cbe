import { describe, expect, it } from 'vitest';
import { ANALYTICS_PERIOD_OPTIONS, analyticsQuerySchema, performanceEntrySchema, periodRange, rankPerformance } from './performance.js';

describe('analytics periods', () => {
  it('lists the four periods with Spanish labels', () => {
    expect(ANALYTICS_PERIOD_OPTIONS).toEqual([
      { value: 'month', label: 'Último mes' },
      { value: 'quarter', label: 'Últimos 3 meses' },
      { value: 'year', label: 'Último año' },
      { value: 'custom', label: 'Personalizado' },
    ]);
  });
});

describe('analyticsQuerySchema', () => {
  it('defaults to the last month', () => {
    expect(analyticsQuerySchema.parse({})).toEqual({ period: 'month' });
  });

  it('refuses unknown periods', () => {
    expect(analyticsQuerySchema.safeParse({ period: 'week' }).error?.issues[0]?.message).toBe('Período inválido');
  });

  it('needs both dates for a custom period', () => {
    const messages = analyticsQuerySchema.safeParse({ period: 'custom' }).error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(['Selecciona la fecha inicial', 'Selecciona la fecha final']);
  });

  it('accepts from equal to to, refuses from after to', () => {
    expect(analyticsQuerySchema.safeParse({ period: 'custom', from: '2024-06-01', to: '2024-06-01' }).success).toBe(true);
    expect(analyticsQuerySchema.safeParse({ period: 'custom', from: '2024-06-02', to: '2024-06-01' }).error?.issues[0]?.message).toBe(
      'La fecha final debe ser posterior a la inicial',
    );
  });

  it('refuses malformed dates', () => {
    expect(analyticsQuerySchema.safeParse({ period: 'custom', from: '2024-6-1', to: '2024-06-30' }).success).toBe(false);
  });
});

describe('periodRange', () => {
  const now = new Date(2024, 5, 15, 12, 0);

  it('goes back one, three and twelve months from now', () => {
    expect(periodRange({ period: 'month' }, now)).toEqual({ from: new Date(2024, 4, 15, 12, 0), to: now });
    expect(periodRange({ period: 'quarter' }, now).from).toEqual(new Date(2024, 2, 15, 12, 0));
    expect(periodRange({ period: 'year' }, now).from).toEqual(new Date(2023, 5, 15, 12, 0));
  });

  it('covers whole days of a custom period, both ends included', () => {
    expect(periodRange({ period: 'custom', from: '2024-06-01', to: '2024-06-30' }, now)).toEqual({
      from: new Date(2024, 5, 1),
      to: new Date(2024, 6, 1),
    });
  });
});

describe('performanceEntrySchema', () => {
  it('describes the performance DTO', () => {
    const entry = {
      id: 1,
      name: 'Ana López',
      initials: 'AL',
      assigned: 4,
      contacted: 3,
      converted: 2,
      revenue: '3000.00',
      conversionRate: 50,
    };
    expect(performanceEntrySchema.parse(entry)).toEqual(entry);
  });
});

describe('a custom analytics period', () => {
  it('may span ten years at most, refused in Spanish beyond (centuries would hold the database for seconds)', () => {
    expect(analyticsQuerySchema.safeParse({ period: 'custom', from: '2016-01-01', to: '2025-12-31' }).success).toBe(true);
    expect(analyticsQuerySchema.safeParse({ period: 'custom', from: '2016-02-29', to: '2026-02-28' }).success).toBe(true);
    for (const [from, to] of [
      ['2016-01-01', '2026-01-01'],
      ['1900-01-01', '2100-12-31'],
      ['2090-01-01', '2100-12-31'],
    ]) {
      const result = analyticsQuerySchema.safeParse({ period: 'custom', from, to });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['El período no puede superar los 10 años']);
    }
  });

  it('keeps both days within 1900–2100 (the day after 9999-12-31 overflows the database)', () => {
    const result = analyticsQuerySchema.safeParse({ period: 'custom', from: '9989-01-01', to: '9999-12-31' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'La fecha debe estar entre los años 1900 y 2100',
      'La fecha debe estar entre los años 1900 y 2100',
    ]);
  });
});

describe('rankPerformance', () => {
  it('adds revenue, rate, name and initials, best first: conversions, then rate, then name', () => {
    const member = (id: number, firstName: string, assigned: number, converted: number) => ({
      id,
      firstName,
      lastName: 'Ruiz',
      assigned,
      contacted: converted,
      converted,
      revenue: `${converted * 1500}.00`,
    });
    const ranked = rankPerformance([member(1, 'Zoe', 10, 2), member(2, 'Ana', 4, 2), member(3, 'Ana', 0, 0), member(4, 'Luis', 3, 3)]);
    expect(ranked.map((entry) => entry.id)).toEqual([4, 2, 1, 3]);
    expect(ranked[1]).toEqual({
      id: 2,
      name: 'Ana Ruiz',
      initials: 'AR',
      assigned: 4,
      contacted: 2,
      converted: 2,
      revenue: '3000.00',
      conversionRate: 50,
    });
    expect(ranked[3]?.conversionRate).toBe(0);
  });
});
