import { describe, expect, it } from 'vitest';
import { REVENUE_PER_CONVERSION, conversionBarWidth, conversionRate, revenueFor } from './conversion.js';

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

describe('revenue', () => {
  it('is 1500 per converted lead', () => {
    expect(REVENUE_PER_CONVERSION).toBe(1500);
    expect(revenueFor(0)).toBe(0);
    expect(revenueFor(3)).toBe(4500);
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
