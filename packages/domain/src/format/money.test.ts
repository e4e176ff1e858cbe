import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber, formatPercent } from './money.js';

describe('formatNumber', () => {
  it('groups thousands with dots, four-digit numbers included', () => {
    expect(formatNumber(1500)).toBe('1.500');
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(0)).toBe('0');
  });

  it('uses a decimal comma when decimals are asked for', () => {
    expect(formatNumber(12.5, 1)).toBe('12,5');
    expect(formatNumber(12, 1)).toBe('12');
    expect(formatNumber(1234.56, 2)).toBe('1.234,56');
  });

  it('rounds to whole numbers by default', () => {
    expect(formatNumber(2.6)).toBe('3');
  });

  it('shows 0 for non-finite input', () => {
    expect(formatNumber(Number.NaN)).toBe('0');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('0');
  });
});

describe('formatMoney', () => {
  const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

  it('writes the team currency in the team locale', () => {
    expect(nbsp(formatMoney(1500, { locale: 'es-ES', currency: 'EUR' }))).toBe('1.500 €');
    expect(nbsp(formatMoney(1500, { locale: 'es-AR', currency: 'ARS' }))).toBe('$ 1.500');
    expect(formatMoney(1500, { locale: 'es-MX', currency: 'MXN' })).toBe('$1,500');
  });

  it('shows 0 for non-finite input and keeps the sign', () => {
    expect(nbsp(formatMoney(Number.NaN, { locale: 'es-ES', currency: 'EUR' }))).toBe('0 €');
    expect(nbsp(formatMoney(-1500, { locale: 'es-ES', currency: 'EUR' }))).toBe('-1.500 €');
  });
});

describe('formatPercent', () => {
  it('shows up to one decimal with a percent sign', () => {
    expect(formatPercent(33.3)).toBe('33,3%');
    expect(formatPercent(100)).toBe('100%');
  });
});

describe('formatMoney with decimal strings', () => {
  const euro = { currency: 'EUR', locale: 'es-ES' };
  const plain = (text: string) => text.replace(/\u00a0/g, ' ');
  it('shows the exact amount, with cents only when it has them', () => {
    expect(plain(formatMoney('1500.00', euro))).toBe('1.500 €');
    expect(plain(formatMoney('1500.50', euro))).toBe('1.500,50 €');
    expect(plain(formatMoney('999999999999.99', euro))).toBe('999.999.999.999,99 €');
    expect(plain(formatMoney('not a number', euro))).toBe('0 €');
  });
});
