import type { LeadListItem } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { aLead } from '../../test-utils/fixtures';
import { mergeRows } from './merge-fields';

const base = aLead({ id: 1, email: 'sol@example.com', phone: '+34612345987', description: 'Primera visita' });

describe('mergeRows', () => {
  it('lists only the fields that differ, in Spanish, keeping the survivor unless only the other has a value', () => {
    const other: LeadListItem = {
      ...base,
      id: 2,
      email: 'info@sol.es',
      status: 'interesado',
      address: 'Calle Mayor 1',
      assignedTo: 7,
      assignee: { id: 7, firstName: 'Rosa', lastName: 'Prieto' },
    };
    expect(mergeRows(base, other, 'ES')).toEqual([
      { field: 'email', label: 'Email', survivor: 'sol@example.com', other: 'info@sol.es', initial: 'this' },
      { field: 'address', label: 'Dirección', survivor: null, other: 'Calle Mayor 1', initial: 'other' },
      { field: 'status', label: 'Estado', survivor: 'Nuevo', other: 'Interesado', initial: 'this' },
      { field: 'assignedTo', label: 'Responsable', survivor: null, other: 'Rosa Prieto', initial: 'other' },
    ]);
  });

  it('has nothing to ask when both leads hold the same values', () => {
    expect(mergeRows(base, { ...base, id: 2 }, 'ES')).toEqual([]);
  });
});
