import { describe, expect, it } from 'vitest';
import { AVATAR_LIMITS, IMPORT_LIMITS, formatFileSizeKb, isAcceptedImportFile, isImageType } from './upload.js';

describe('upload limits', () => {
  it('caps avatars at 5 MB and imports at 10 MB', () => {
    expect(AVATAR_LIMITS.maxBytes).toBe(5 * 1024 * 1024);
    expect(IMPORT_LIMITS.maxBytes).toBe(10 * 1024 * 1024);
    expect(IMPORT_LIMITS.extensions).toEqual(['.csv', '.tsv', '.txt', '.xlsx']);
  });
});

describe('isAcceptedImportFile', () => {
  it.each([
    [{ name: 'leads.csv', type: 'application/vnd.ms-excel' }, true],
    [{ name: 'LEADS.TSV', type: '' }, true],
    [{ name: 'notas.txt' }, true],
    [{ name: 'export', type: 'text/plain' }, true],
    [{ name: 'leads.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }, true],
    [{ name: 'leads.xls', type: 'application/vnd.ms-excel' }, false],
    [{ name: 'leads.csv.exe', type: 'application/octet-stream' }, false],
  ])('judges %j as %s', (file, expected) => {
    expect(isAcceptedImportFile(file)).toBe(expected);
  });
});

describe('isImageType', () => {
  it('accepts image types only', () => {
    expect(isImageType('image/png')).toBe(true);
    expect(isImageType('application/pdf')).toBe(false);
    expect(isImageType(undefined)).toBe(false);
  });
});

describe('formatFileSizeKb', () => {
  it('shows KB with one decimal, Spanish style', () => {
    expect(formatFileSizeKb(1024)).toBe('1,0 KB');
    expect(formatFileSizeKb(12_800)).toBe('12,5 KB');
    expect(formatFileSizeKb(0)).toBe('0,0 KB');
    expect(formatFileSizeKb(10 * 1024 * 1024)).toBe('10.240,0 KB');
  });
});
