import { describe, expect, it } from 'vitest';
import { matchesSearch, normalizeSearchText } from './text-search.js';

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

describe('matchesSearch', () => {
  it('matches any field regardless of case and accents', () => {
    expect(matchesSearch('clinica', 'Clínica Sol', null)).toBe(true);
    expect(matchesSearch('@SOL', null, 'info@sol.es')).toBe(true);
    expect(matchesSearch('luna', 'Clínica Sol', 'info@sol.es')).toBe(false);
  });

  it('matches everything when the query is blank', () => {
    expect(matchesSearch('  ', 'x')).toBe(true);
    expect(matchesSearch(null)).toBe(true);
  });
});
