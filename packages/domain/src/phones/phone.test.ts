import { describe, expect, it } from 'vitest';
import { formatPhone, isPhoneCountry, normalizePhone, phoneDigitKeys, phoneE164, phonePlaceholder } from './phone.js';

describe('normalizePhone', () => {
  it("stores an Argentine number typed without a country code in E.164 (the spec's 54 rule)", () => {
    expect(normalizePhone('11 2345-6789', 'AR')).toBe('+541123456789');
    expect(normalizePhone('(011) 2345-6789', 'AR')).toBe('+541123456789');
  });

  it('stores a Spanish number typed without a country code with +34 when the country is ES', () => {
    expect(normalizePhone('612 345 987', 'ES')).toBe('+34612345987');
    expect(normalizePhone('91 123 45 67', 'ES')).toBe('+34911234567');
  });

  it('keeps a number with its own country code whatever the default country', () => {
    expect(normalizePhone('+34 612 345 987', 'AR')).toBe('+34612345987');
    expect(normalizePhone('+54 9 11 2345-6789', 'ES')).toBe('+5491123456789');
  });

  it('keeps what does not parse as typed (trimmed), and empties as null', () => {
    expect(normalizePhone('  llamar a recepción ', 'ES')).toBe('llamar a recepción');
    expect(normalizePhone('123', 'ES')).toBe('123');
    expect(normalizePhone('   ', 'ES')).toBeNull();
    expect(normalizePhone(null, 'AR')).toBeNull();
  });
});

describe('formatPhone', () => {
  it("shows the country's own numbers in national format and others internationally", () => {
    expect(formatPhone('+34612345987', 'ES')).toBe('612 34 59 87');
    expect(formatPhone('+541123456789', 'AR')).toBe('011 2345-6789');
    expect(formatPhone('+34612345987', 'AR')).toBe('+34 612 34 59 87');
  });

  it('shows what does not parse as stored', () => {
    expect(formatPhone('ext. 22', 'ES')).toBe('ext. 22');
    expect(formatPhone(null, 'ES')).toBe('');
  });
});

describe('phoneE164', () => {
  it('reads stored and legacy numbers alike, null when they do not parse', () => {
    expect(phoneE164('+34612345987', 'AR')).toBe('+34612345987');
    expect(phoneE164('612 345 987', 'ES')).toBe('+34612345987');
    expect(phoneE164('sin número', 'ES')).toBeNull();
  });
});

describe('phoneDigitKeys', () => {
  it('knows a number by its full and national digits', () => {
    expect(phoneDigitKeys('+34612345987', 'ES').sort()).toEqual(['34612345987', '612345987']);
    expect(phoneDigitKeys('612 345 987', 'ES').sort()).toEqual(['34612345987', '612345987']);
  });

  it('gives the bare digits of what does not parse', () => {
    expect(phoneDigitKeys('12-34', 'ES')).toEqual(['1234']);
    expect(phoneDigitKeys('', 'ES')).toEqual([]);
  });
});

describe('phonePlaceholder and countries', () => {
  it('gives an example number of the country', () => {
    expect(phonePlaceholder('ES')).toMatch(/^6\d{2} \d{2} \d{2} \d{2}$/);
    expect(phonePlaceholder('AR')).toMatch(/^011 15-?\d{4}-\d{4}$/);
  });

  it('knows country codes', () => {
    expect(isPhoneCountry('ES')).toBe(true);
    expect(isPhoneCountry('XX')).toBe(false);
  });
});
