import { describe, expect, it } from 'vitest';
import { DEFAULT_VALUE_PER_CONVERSION, conversionBarWidth, conversionRate } from './conversion.js';

describe('conversionRate', () => {
  it('is converted over assigned as a percentage with one decimal', () => {
    expect(conversionRate(1, 3)).toBe(33.3);
    expect(conversionRate(2, 3)).toBe(66.7);
    expect(conversionRate(5, 10)).toBe(50);
    expect(conversionRate(3, 3)).toBe(100);
  });

  it('is 0 when nothing is assigned', () => {
    expect(conversionRate(0, 0)).toBe(0);
    expect(conversionRate(2, 0)).toBe(0);
  });
});

describe('value per conversion', () => {
  it("is the spec's 1500 until the team sets its own", () => {
    expect(DEFAULT_VALUE_PER_CONVERSION).toBe('1500.00');
  });
});

describe('conversionBarWidth', () => {
  it('caps the bar at 100 and floors it at 0', () => {
    expect(conversionBarWidth(42.5)).toBe(42.5);
    expect(conversionBarWidth(150)).toBe(100);
    expect(conversionBarWidth(-5)).toBe(0);
    expect(conversionBarWidth(Number.NaN)).toBe(0);
  });
});
