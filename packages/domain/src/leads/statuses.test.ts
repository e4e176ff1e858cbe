import { describe, expect, it } from 'vitest';
import {
  CONTACTED_STATUSES,
  LEAD_STATUSES,
  canBeMarkedContacted,
  LEAD_STATUS_OPTIONS,
  OWNER_STATUS_MOVES,
  isContactedStatus,
  isLeadStatus,
  statusLabel,
} from './statuses.js';

describe('lead statuses', () => {
  it('lists the five statuses with Spanish labels', () => {
    expect(LEAD_STATUS_OPTIONS).toEqual([
      { value: 'nuevo', label: 'Nuevo' },
      { value: 'contactado', label: 'Contactado' },
      { value: 'interesado', label: 'Interesado' },
      { value: 'convertido', label: 'Convertido' },
      { value: 'perdido', label: 'Perdido' },
    ]);
  });

  it.each(['archivado', '', null, undefined])('falls back to Nuevo for %s', (value) => {
    expect(statusLabel(value)).toBe('Nuevo');
  });

  it('counts contactado, interesado and convertido as contacted', () => {
    expect(CONTACTED_STATUSES).toEqual(['contactado', 'interesado', 'convertido']);
    expect(isContactedStatus('convertido')).toBe(true);
    expect(isContactedStatus('nuevo')).toBe(false);
    expect(isContactedStatus('perdido')).toBe(false);
  });

  it('offers marking contacted only for a lead never marked whose status is nuevo or perdido', () => {
    const markable = LEAD_STATUSES.filter((status) => canBeMarkedContacted({ status, contactedAt: null }));
    expect(markable).toEqual(['nuevo', 'perdido']);
    for (const status of LEAD_STATUSES) {
      expect(canBeMarkedContacted({ status, contactedAt: new Date() }), status).toBe(false);
      expect(canBeMarkedContacted({ status, contactedAt: '2026-01-01T00:00:00.000Z' }), status).toBe(false);
    }
  });

  it('lets owners move to interesado, convertido and perdido only', () => {
    expect(OWNER_STATUS_MOVES).toEqual(['interesado', 'convertido', 'perdido']);
  });

  it('recognises stored values', () => {
    expect(isLeadStatus('perdido')).toBe(true);
    expect(isLeadStatus('Perdido')).toBe(false);
  });
});
