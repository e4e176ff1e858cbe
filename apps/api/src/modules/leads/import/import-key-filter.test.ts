import { describe, expect, it } from 'vitest';
import { KeyFilter } from './import-key-filter.js';

describe('KeyFilter', () => {
  it('tells a key added before (always) from one never added (all but rarely)', () => {
    const filter = new KeyFilter();
    const keys = Array.from({ length: 50_000 }, (_, index) => `persona${index}@empresa.es`);
    expect(keys.filter((key) => filter.addAndTell(key))).toEqual([]);
    expect(keys.every((key) => filter.addAndTell(key))).toBe(true);
    const others = Array.from({ length: 50_000 }, (_, index) => `34${600_000_000 + index}`);
    // 3 bits of 2^25 per key, 50,000 keys in: about one 'maybe' in a million.
    expect(others.filter((key) => filter.addAndTell(key)).length).toBeLessThan(5);
  });
});
