import { describe, expect, it } from 'vitest';
import { formatCount, pluralWord } from './plural.js';

describe('formatCount', () => {
  it('uses the singular for exactly one', () => {
    expect(formatCount(1, 'lead', 'leads')).toBe('1 lead');
    expect(formatCount(1, 'activo', 'activos')).toBe('1 activo');
  });

  it('uses the plural for zero and for more than one', () => {
    expect(formatCount(0, 'lead', 'leads')).toBe('0 leads');
    expect(formatCount(2, 'activo', 'activos')).toBe('2 activos');
  });

  it('groups thousands the Spanish way, four digits included', () => {
    expect(formatCount(40000, 'lead', 'leads')).toBe('40.000 leads');
    expect(formatCount(1500, 'lead', 'leads')).toBe('1.500 leads');
  });
});

describe('pluralWord', () => {
  it('picks the verb form that agrees with the count', () => {
    expect(`Se ${pluralWord(1, 'importó', 'importaron')} 1 lead`).toBe('Se importó 1 lead');
    expect(pluralWord(3, 'importó', 'importaron')).toBe('importaron');
  });
});
