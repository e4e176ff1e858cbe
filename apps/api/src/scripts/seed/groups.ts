/** The imported lead groups of the demo: what was imported, when, and for which specialization. */
import type { DemoCategory } from './companies.js';

export interface DemoGroup {
  name: string;
  description: string;
  category: DemoCategory;
  /** Name of the DEMO_ROLES entry the group is assigned to. */
  role: string;
  size: number;
  /** How many days before now the import happened. */
  importedDaysAgo: number;
  city?: string;
}

export const DEMO_GROUPS: DemoGroup[] = [
  {
    name: 'Feria Tecnológica Madrid',
    description: 'Contactos recogidos en el stand de la feria.',
    category: 'tecnologia',
    role: 'tecnico',
    size: 280,
    importedDaysAgo: 330,
    city: 'Madrid',
  },
  {
    name: 'Clínicas Comunidad Valenciana',
    description: 'Base de datos de clínicas privadas.',
    category: 'salud',
    role: 'juridico',
    size: 240,
    importedDaysAgo: 240,
  },
  {
    name: 'Despachos de Abogados Barcelona',
    description: 'Listado del colegio profesional.',
    category: 'legal',
    role: 'juridico',
    size: 220,
    importedDaysAgo: 160,
    city: 'Barcelona',
  },
  {
    name: 'Comercios Andalucía',
    description: 'Pequeño comercio de Sevilla, Málaga y Granada.',
    category: 'retail',
    role: 'comercial',
    size: 260,
    importedDaysAgo: 95,
  },
  {
    name: 'Asesorías Financieras País Vasco',
    description: 'Asesorías y gestorías de Bilbao y Vitoria.',
    category: 'finanzas',
    role: 'contable',
    size: 220,
    importedDaysAgo: 45,
  },
  {
    name: 'Importadores Puerto de Valencia',
    description: 'Empresas con operaciones de importación.',
    category: 'retail',
    role: 'aduanero',
    size: 160,
    importedDaysAgo: 12,
    city: 'Valencia',
  },
];

/** Leads entered one by one (no group) over the year. */
export const MANUAL_LEADS = 600;
