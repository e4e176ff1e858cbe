import { describe, expect, it } from 'vitest';
import { leadEmailKey, leadPhoneKey, leadSearchText } from './dedup-keys.js';

describe('lead de-duplication keys', () => {
  it('compares emails trimmed and lower-cased', () => {
    expect(leadEmailKey('  Ana.Lopez@Clinica.ES ')).toBe('ana.lopez@clinica.es');
    expect(leadEmailKey('')).toBeNull();
    expect(leadEmailKey(null)).toBeNull();
  });

  it('compares phones by their digits only', () => {
    expect(leadPhoneKey('+34 612-34-56 78')).toBe('34612345678');
    expect(leadPhoneKey('(612) 345 678')).toBe('612345678');
  });

  it('ignores phones too short to identify anyone', () => {
    expect(leadPhoneKey('12-34')).toBeNull();
    expect(leadPhoneKey('sin teléfono')).toBeNull();
    expect(leadPhoneKey(undefined)).toBeNull();
  });

  it('builds the search text from name and email without case or accents', () => {
    expect(leadSearchText('Clínica Peñalba', 'Info@Penalba.es')).toBe('clinica penalba info@penalba.es');
    expect(leadSearchText('Ópticas Núñez', null)).toBe('opticas nunez');
  });
});
