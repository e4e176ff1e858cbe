import { describe, expect, it } from 'vitest';
import { escapeCsvCell } from './csv-export.js';

describe('escapeCsvCell', () => {
  it('quotes cells with commas, quotes or newlines', () => {
    expect(escapeCsvCell('a,b')).toBe('"a,b"');
    expect(escapeCsvCell('di "hola"')).toBe('"di ""hola"""');
    expect(escapeCsvCell('línea 1\nlínea 2')).toBe('"línea 1\nlínea 2"');
    expect(escapeCsvCell('simple')).toBe('simple');
  });

  it.each(['=1+1', '+34 600', '-2', '@SUM(A1)', '\tx', '\rx'])('defuses a formula-like cell %j', (text) => {
    expect(escapeCsvCell(text).replace(/^"/, '').startsWith("'")).toBe(true);
  });

  it('leaves real numbers alone, negatives included', () => {
    expect(escapeCsvCell(-5)).toBe('-5');
    expect(escapeCsvCell(1500)).toBe('1500');
  });

  it('writes dates as ISO and nothing for null', () => {
    expect(escapeCsvCell(new Date('2024-01-05T10:00:00.000Z'))).toBe('2024-01-05T10:00:00.000Z');
    expect(escapeCsvCell(null)).toBe('');
    expect(escapeCsvCell(undefined)).toBe('');
  });
});
