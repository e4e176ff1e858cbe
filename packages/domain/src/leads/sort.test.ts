import { describe, expect, it } from 'vitest';
import { leadSortSchema } from '../schemas/lead.js';
import { LEAD_SORT_FIELDS, SORT_DIRECTIONS, isLeadSort, parseLeadSort } from './sort.js';

describe('isLeadSort', () => {
  it('accepts what the schema accepts and refuses what it refuses', () => {
    const valid = LEAD_SORT_FIELDS.flatMap((field) => SORT_DIRECTIONS.map((direction) => `${field}:${direction}`));
    const invalid = ['', 'name', 'name:', ':asc', 'name:up', 'Name:asc', 'name:asc:desc', 'email:asc', ' name:asc'];
    for (const value of [...valid, ...invalid]) {
      expect(isLeadSort(value), value).toBe(leadSortSchema.safeParse(value).success);
    }
    expect(valid.every(isLeadSort)).toBe(true);
  });

  it('parses a sort into its field and direction', () => {
    expect(parseLeadSort('nextFollowUp:asc')).toEqual({ field: 'nextFollowUp', direction: 'asc' });
  });
});
