/** Maps an imported row's free-text categoryName to a lead category by English and Spanish keywords. */
import { normalizeSearchText } from '../format/text-search.js';
import { LEAD_CATEGORIES, LEAD_CATEGORY_LABELS, type LeadCategory } from './categories.js';

/**
 * Checked in this order, first hit wins: the narrow trades (legal, salud, inmobiliario) come
 * before the broad ones so 'software para clínicas' or 'law firm IT' lands on the client's trade.
 * Keywords are written accent-free and lowercase, as normalizeSearchText leaves the input.
 */
const KEYWORDS: readonly (readonly [LeadCategory, readonly string[]])[] = [
  [
    'legal',
    [
      'legal',
      'lawyer',
      'attorney',
      'law firm',
      'law office',
      'solicitor',
      'notary',
      'abogado',
      'abogada',
      'bufete',
      'notaria',
      'notario',
      'juridico',
      'juridica',
      'despacho de abogados',
      'procurador',
    ],
  ],
  [
    'salud',
    [
      'salud',
      'health',
      'healthcare',
      'medical',
      'medical centre',
      'medical center',
      'clinic',
      'clinica',
      'dentist',
      'dentista',
      'dental',
      'hospital',
      'farmacia',
      'pharmacy',
      'doctor',
      'medico',
      'centro medico',
      'fisioterapia',
      'physiotherapy',
      'veterinario',
      'veterinary',
      'optica',
      'sanitario',
      'laboratorio',
    ],
  ],
  [
    'inmobiliario',
    [
      'inmobiliario',
      'inmobiliaria',
      'real estate',
      'realtor',
      'realty',
      'property',
      'properties',
      'estate agent',
      'bienes raices',
      'constructora',
      'promotora',
    ],
  ],
  [
    'educacion',
    [
      'educacion',
      'education',
      'school',
      'colegio',
      'escuela',
      'academia',
      'academy',
      'university',
      'universidad',
      'college',
      'instituto',
      'training',
      'formacion',
      'guarderia',
      'kindergarten',
      'tutoring',
    ],
  ],
  [
    'finanzas',
    [
      'finanzas',
      'finance',
      'financial',
      'financiera',
      'bank',
      'banco',
      'banca',
      'accounting',
      'accountant',
      'contabilidad',
      'contable',
      'asesoria fiscal',
      'gestoria',
      'tax',
      'insurance',
      'seguro',
      'aseguradora',
      'investment',
      'inversion',
      'inversiones',
      'credito',
      'credit',
      'auditoria',
      'audit',
    ],
  ],
  [
    'tecnologia',
    [
      'tecnologia',
      'tecnologica',
      'tecnologico',
      'technology',
      'tech',
      'software',
      'it',
      'informatica',
      'computer',
      'computing',
      'ordenador',
      'saas',
      'desarrollo web',
      'web development',
      'telecom',
      'telecomunicaciones',
      'electronica',
      'electronics',
      'hosting',
      'ciberseguridad',
      'cybersecurity',
    ],
  ],
  [
    'retail',
    [
      'retail',
      'store',
      'tienda',
      'shop',
      'supermercado',
      'supermarket',
      'comercio',
      'boutique',
      'minorista',
      'grocery',
      'ferreteria',
      'centro comercial',
      'mall',
      'outlet',
      'ecommerce',
      'e commerce',
      'restaurant',
      'restaurante',
      'cafeteria',
      'panaderia',
      'bakery',
      'floristeria',
      'joyeria',
      'jewelry',
      'ropa',
      'clothing',
    ],
  ],
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whole words only, so 'it' never matches inside 'digital'; an optional plural 's'/'es'
 * ('clinics', 'abogados', 'hospitales') except on two-letter keywords, where 'its' would slip in.
 */
const PATTERNS: readonly (readonly [LeadCategory, RegExp])[] = KEYWORDS.map(([category, words]) => {
  const alternatives = words.map((word) => `${escapeRegExp(word)}${word.length > 2 ? '(?:e?s)?' : ''}`);
  return [category, new RegExp(`(?:^| )(?:${alternatives.join('|')})(?: |$)`)] as const;
});

/** Exact category values and labels ('tecnologia', 'Tecnología', 'OTROS') map to themselves. */
const EXACT = new Map<string, LeadCategory>(
  LEAD_CATEGORIES.flatMap((category) => [
    [category, category],
    [normalizeSearchText(LEAD_CATEGORY_LABELS[category]), category],
  ]),
);

export function mapCategoryName(raw: string): LeadCategory {
  // Punctuation and separators ('IT/Software', 'e-commerce') become spaces so words stand alone.
  const text = normalizeSearchText(raw)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  const exact = EXACT.get(text);
  if (exact) return exact;
  for (const [category, pattern] of PATTERNS) {
    if (pattern.test(text)) return category;
  }
  return 'otros';
}
