import { describe, expect, it } from 'vitest';
import {
  SPECIALIZATIONS,
  SPECIALIZATION_LABELS,
  isRecommendedRole,
  isSpecialization,
  recommendedSpecializations,
} from './specialization.js';

describe('specializations', () => {
  it('knows the six specialization names', () => {
    expect(SPECIALIZATIONS).toEqual(['tecnico', 'juridico', 'comercial', 'contable', 'logistico', 'aduanero']);
    expect(SPECIALIZATION_LABELS.juridico).toBe('Jurídico');
    expect(isSpecialization('aduanero')).toBe(true);
    expect(isSpecialization('ventas')).toBe(false);
  });

  it.each([
    ['tecnologia', ['tecnico']],
    ['salud', ['juridico', 'tecnico']],
    ['educacion', ['juridico', 'comercial']],
    ['finanzas', ['contable', 'juridico']],
    ['retail', ['comercial', 'logistico', 'aduanero']],
    ['legal', []],
    ['inmobiliario', []],
    ['otros', []],
    ['desconocida', []],
    ['toString', []],
  ])('recommends for %s: %j', (category, expected) => {
    expect(recommendedSpecializations(category)).toEqual(expected);
  });

  it('tells whether a role identifier is recommended', () => {
    expect(isRecommendedRole('logistico', 'retail')).toBe(true);
    expect(isRecommendedRole('tecnico', 'retail')).toBe(false);
    expect(isRecommendedRole('tecnico', 'otros')).toBe(false);
  });
});
