/** Lead categories, their Spanish labels, and the five the creation form offers (docs/leads.md). */
import { isOneOf, toOptions } from '../options.js';

export const LEAD_CATEGORIES = ['tecnologia', 'salud', 'educacion', 'finanzas', 'retail', 'legal', 'inmobiliario', 'otros'] as const;
export type LeadCategory = (typeof LEAD_CATEGORIES)[number];

export const LEAD_CATEGORY_LABELS: Record<LeadCategory, string> = {
  tecnologia: 'Tecnología',
  salud: 'Salud',
  educacion: 'Educación',
  finanzas: 'Finanzas',
  retail: 'Retail',
  legal: 'Legal',
  inmobiliario: 'Inmobiliario',
  otros: 'Otros',
};

/** The 'Agregar Nuevo Lead' form offers only these; the rest come from imports and the edit dialog. */
export const FORM_CATEGORIES = ['tecnologia', 'salud', 'educacion', 'finanzas', 'retail'] as const satisfies readonly LeadCategory[];
export type FormCategory = (typeof FORM_CATEGORIES)[number];

export const LEAD_CATEGORY_OPTIONS = toOptions(LEAD_CATEGORIES, LEAD_CATEGORY_LABELS);
export const FORM_CATEGORY_OPTIONS = toOptions(FORM_CATEGORIES, LEAD_CATEGORY_LABELS);

export function isLeadCategory(value: unknown): value is LeadCategory {
  return isOneOf(LEAD_CATEGORIES, value);
}

/** The spec's fallback: an unknown stored value displays as Tecnología. */
export function categoryLabel(value: unknown): string {
  return isLeadCategory(value) ? LEAD_CATEGORY_LABELS[value] : LEAD_CATEGORY_LABELS.tecnologia;
}
