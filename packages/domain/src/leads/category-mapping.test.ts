import { describe, expect, it } from 'vitest';
import { LEAD_CATEGORIES, LEAD_CATEGORY_LABELS } from './categories.js';
import { mapCategoryName } from './category-mapping.js';

describe('mapCategoryName', () => {
  it.each(LEAD_CATEGORIES)('maps the value %s to itself', (category) => {
    expect(mapCategoryName(category)).toBe(category);
  });

  it.each(LEAD_CATEGORIES)('maps the label of %s to it', (category) => {
    expect(mapCategoryName(LEAD_CATEGORY_LABELS[category])).toBe(category);
    expect(mapCategoryName(`  ${LEAD_CATEGORY_LABELS[category].toUpperCase()} `)).toBe(category);
  });

  it.each([
    ['Lawyer', 'legal'],
    ['Lawyers', 'legal'],
    ['Abogado', 'legal'],
    ['Abogados laboralistas', 'legal'],
    ['Law firm', 'legal'],
    ['Notaría', 'legal'],
    ['Bufete', 'legal'],
    ['Medical centre', 'salud'],
    ['Medical Center', 'salud'],
    ['Clínica dental', 'salud'],
    ['CLINICA', 'salud'],
    ['Clinics', 'salud'],
    ['Dentist', 'salud'],
    ['Dentista', 'salud'],
    ['Hospitales', 'salud'],
    ['Farmacia', 'salud'],
    ['Pharmacy', 'salud'],
    ['Real estate agency', 'inmobiliario'],
    ['Inmobiliaria', 'inmobiliario'],
    ['Realtor', 'inmobiliario'],
    ['Software company', 'tecnologia'],
    ['IT services', 'tecnologia'],
    ['IT/Software', 'tecnologia'],
    ['Informática', 'tecnologia'],
    ['Technology', 'tecnologia'],
    ['School', 'educacion'],
    ['Colegio', 'educacion'],
    ['Academia de idiomas', 'educacion'],
    ['University', 'educacion'],
    ['Universidad', 'educacion'],
    ['Bank', 'finanzas'],
    ['Banco', 'finanzas'],
    ['Accounting firm', 'finanzas'],
    ['Contabilidad', 'finanzas'],
    ['Asesoría fiscal', 'finanzas'],
    ['Insurance', 'finanzas'],
    ['Seguros', 'finanzas'],
    ['Store', 'retail'],
    ['Tienda de ropa', 'retail'],
    ['Shop', 'retail'],
    ['Supermercado', 'retail'],
    ['Restaurant', 'retail'],
    ['E-commerce', 'retail'],
  ] as const)('maps %s to %s', (raw, expected) => {
    expect(mapCategoryName(raw)).toBe(expected);
  });

  it('matches whole words, so "it" inside another word does not count', () => {
    expect(mapCategoryName('Fitness')).toBe('otros');
    expect(mapCategoryName('Digital')).toBe('otros');
    expect(mapCategoryName('Hospitality')).toBe('otros');
  });

  it('prefers the client trade over the broad category', () => {
    expect(mapCategoryName('Software para clínicas')).toBe('salud');
    expect(mapCategoryName('Law firm IT support')).toBe('legal');
  });

  it.each(['', '   ', 'Peluquería', 'Gym', '12345'])('maps unmatched %j to otros', (raw) => {
    expect(mapCategoryName(raw)).toBe('otros');
  });
});
