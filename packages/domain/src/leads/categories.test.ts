import { describe, expect, it } from 'vitest';
import {
  FORM_CATEGORIES,
  FORM_CATEGORY_OPTIONS,
  LEAD_CATEGORIES,
  LEAD_CATEGORY_OPTIONS,
  categoryLabel,
  isLeadCategory,
} from './categories.js';

describe('lead categories', () => {
  it('lists the eight categories with Spanish labels', () => {
    expect(LEAD_CATEGORY_OPTIONS).toEqual([
      { value: 'tecnologia', label: 'Tecnología' },
      { value: 'salud', label: 'Salud' },
      { value: 'educacion', label: 'Educación' },
      { value: 'finanzas', label: 'Finanzas' },
      { value: 'retail', label: 'Retail' },
      { value: 'legal', label: 'Legal' },
      { value: 'inmobiliario', label: 'Inmobiliario' },
      { value: 'otros', label: 'Otros' },
    ]);
  });

  it('offers the creation form the first five', () => {
    expect(FORM_CATEGORIES).toEqual(LEAD_CATEGORIES.slice(0, 5));
    expect(FORM_CATEGORY_OPTIONS.map((option) => option.label)).toEqual(['Tecnología', 'Salud', 'Educación', 'Finanzas', 'Retail']);
  });

  it('labels known values', () => {
    expect(categoryLabel('educacion')).toBe('Educación');
    expect(categoryLabel('otros')).toBe('Otros');
  });

  it.each(['desconocida', '', null, undefined, 'Tecnología'])('falls back to Tecnología for %s', (value) => {
    expect(categoryLabel(value)).toBe('Tecnología');
  });

  it('recognises only stored values', () => {
    expect(isLeadCategory('legal')).toBe(true);
    expect(isLeadCategory('Legal')).toBe(false);
  });
});
