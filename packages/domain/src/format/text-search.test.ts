import { describe, expect, it } from 'vitest';
import { normalizeSearchText } from './text-search.js';

describe('normalizeSearchText', () => {
  it('lowercases, strips accents and trims', () => {
    expect(normalizeSearchText('  José PÉREZ ')).toBe('jose perez');
    expect(normalizeSearchText('Educación')).toBe('educacion');
    expect(normalizeSearchText('Peñalba Ü')).toBe('penalba u');
  });

  it('turns missing values into an empty string', () => {
    expect(normalizeSearchText(null)).toBe('');
    expect(normalizeSearchText(undefined)).toBe('');
  });
});
