import { describe, expect, it } from 'vitest';
import { AMOUNT_INVALID, AMOUNT_NEGATIVE, AMOUNT_TOO_LONG, amountSchema, dealFieldsSchema } from './deal.js';

const message = (value: unknown) => amountSchema.safeParse(value).error?.issues[0]?.message;

describe('amountSchema', () => {
  it('keeps the exact decimal, written with two decimals', () => {
    expect(amountSchema.parse('1500')).toBe('1500.00');
    expect(amountSchema.parse(' 0.1 ')).toBe('0.10');
    expect(amountSchema.parse('999999999999.99')).toBe('999999999999.99');
    expect(amountSchema.parse(2500)).toBe('2500.00');
  });

  it.each([
    ['1e3', AMOUNT_INVALID],
    ['1,5', AMOUNT_INVALID],
    ['abc', AMOUNT_INVALID],
    [1500.5, AMOUNT_INVALID],
    [true, AMOUNT_INVALID],
    ['-5', AMOUNT_NEGATIVE],
    [-5, AMOUNT_NEGATIVE],
    ['1234567890123', AMOUNT_TOO_LONG],
    ['10.123', AMOUNT_TOO_LONG],
  ])('refuses %j in Spanish', (value, expected) => {
    expect(message(value)).toBe(expected);
  });
});

describe('dealFieldsSchema', () => {
  it("leaves absent fields alone and clears with null or ''", () => {
    expect(dealFieldsSchema.parse({})).toEqual({});
    expect(dealFieldsSchema.parse({ amount: '', expectedCloseDate: '', lostReason: ' ' })).toEqual({
      amount: null,
      expectedCloseDate: null,
      lostReason: null,
    });
    expect(dealFieldsSchema.parse({ currency: 'eur', expectedCloseDate: '2026-12-31' })).toEqual({
      currency: 'EUR',
      expectedCloseDate: '2026-12-31',
    });
    expect(dealFieldsSchema.safeParse({ currency: 'EURO' }).success).toBe(false);
  });
});
