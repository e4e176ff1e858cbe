import { describe, expect, it } from 'vitest';
import { isOneOf, toOptions } from './options.js';

describe('toOptions', () => {
  it('pairs each value with its label in list order', () => {
    expect(toOptions(['b', 'a'] as const, { a: 'A', b: 'B' })).toEqual([
      { value: 'b', label: 'B' },
      { value: 'a', label: 'A' },
    ]);
  });
});

describe('isOneOf', () => {
  it('accepts listed strings only', () => {
    expect(isOneOf(['x', 'y'], 'x')).toBe(true);
    expect(isOneOf(['x', 'y'], 'z')).toBe(false);
    expect(isOneOf(['x', 'y'], 1)).toBe(false);
    expect(isOneOf(['x', 'y'], null)).toBe(false);
  });
});
