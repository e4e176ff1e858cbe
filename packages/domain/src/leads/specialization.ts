/** Specialization roles and which of them the 'Por Especialización' tab recommends per category (docs/roles-and-permissions.md). */
import { isOneOf } from '../options.js';
import type { LeadCategory } from './categories.js';

export const SPECIALIZATIONS = ['tecnico', 'juridico', 'comercial', 'contable', 'logistico', 'aduanero'] as const;
export type Specialization = (typeof SPECIALIZATIONS)[number];

export const SPECIALIZATION_LABELS: Record<Specialization, string> = {
  tecnico: 'Técnico',
  juridico: 'Jurídico',
  comercial: 'Comercial',
  contable: 'Contable',
  logistico: 'Logístico',
  aduanero: 'Aduanero',
};

export const RECOMMENDED_SPECIALIZATIONS: Record<LeadCategory, readonly Specialization[]> = {
  tecnologia: ['tecnico'],
  salud: ['juridico', 'tecnico'],
  educacion: ['juridico', 'comercial'],
  finanzas: ['contable', 'juridico'],
  retail: ['comercial', 'logistico', 'aduanero'],
  legal: [],
  inmobiliario: [],
  otros: [],
};

export function isSpecialization(value: unknown): value is Specialization {
  return isOneOf(SPECIALIZATIONS, value);
}

/** Unknown categories recommend nothing instead of guessing. */
export function recommendedSpecializations(category: string): readonly Specialization[] {
  return Object.hasOwn(RECOMMENDED_SPECIALIZATIONS, category) ? RECOMMENDED_SPECIALIZATIONS[category as LeadCategory] : [];
}

/** Whether a custom role (by its identifier) is recommended for a lead of this category. */
export function isRecommendedRole(roleName: string, category: string): boolean {
  return (recommendedSpecializations(category) as readonly string[]).includes(roleName);
}
