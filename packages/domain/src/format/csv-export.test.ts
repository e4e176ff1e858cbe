import { describe, expect, it } from 'vitest';
import { csvSeparator, escapeCsvCell } from './csv-export.js';

describe('escapeCsvCell', () => {
  it('quotes cells with commas, quotes or newlines', () => {
    expect(escapeCsvCell('a,b')).toBe('"a,b"');
    expect(escapeCsvCell('di "hola"')).toBe('"di ""hola"""');
    expect(escapeCsvCell('línea 1\nlínea 2')).toBe('"línea 1\nlínea 2"');
    expect(escapeCsvCell('simple')).toBe('simple');
  });

  it.each(['=1+1', '+A1', '-2+cmd|x', '@SUM(A1)', '\tx', '\rx'])('defuses a formula-like cell %j', (text) => {
    expect(escapeCsvCell(text).replace(/^"/, '').startsWith("'")).toBe(true);
  });

  it('leaves a phone as typed, with no apostrophe', () => {
    expect(escapeCsvCell('+34 612 345 987')).toBe('+34 612 345 987');
    expect(escapeCsvCell('+34612345987', ';')).toBe('+34612345987');
  });

  it('quotes cells holding the separator in use', () => {
    expect(escapeCsvCell('a;b', ';')).toBe('"a;b"');
    expect(escapeCsvCell('a,b', ';')).toBe('a,b');
  });

  it("picks ';' where the decimal mark is a comma", () => {
    expect(csvSeparator('es-ES')).toBe(';');
    expect(csvSeparator('es-AR')).toBe(';');
    expect(csvSeparator('es-MX')).toBe(',');
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
