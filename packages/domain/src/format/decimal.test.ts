import { describe, expect, it } from 'vitest';
import { canonicalDecimal, centsToDecimal, compareDecimals, decimalToCents } from './decimal.js';

describe('decimal amounts', () => {
  it('reads plain decimals exactly, as cents', () => {
    expect(decimalToCents('0.1')).toBe(10n);
    expect(decimalToCents('1500')).toBe(150000n);
    expect(decimalToCents('999999999999.99')).toBe(99999999999999n);
    expect((decimalToCents('0.10') ?? 0n) + (decimalToCents('0.20') ?? 0n)).toBe(30n);
  });

  it.each(['1e3', '-5', '1.234', '1,5', '', ' 1', '1234567890123', '.5', '0x10'])('refuses %j', (value) => {
    expect(decimalToCents(value)).toBeUndefined();
  });

  it('writes two decimals and orders by value', () => {
    expect(centsToDecimal(150050n)).toBe('1500.50');
    expect(centsToDecimal(5n)).toBe('0.05');
    expect(canonicalDecimal('7')).toBe('7.00');
    expect(['10.5', '9.99', '100'].sort(compareDecimals)).toEqual(['9.99', '10.5', '100']);
  });
});
