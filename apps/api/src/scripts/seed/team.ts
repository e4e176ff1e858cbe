/** The demo sales team: an admin, two managers, eight Vendedores, and the six specialization roles. */
import type { SystemRole } from '@crm/domain';

export interface DemoRole {
  name: string;
  displayName: string;
  description: string;
  color: string;
}

export const DEMO_ROLES: DemoRole[] = [
  { name: 'tecnico', displayName: 'Técnico', description: 'Soluciones tecnológicas e integración de sistemas', color: '#3b82f6' },
  { name: 'juridico', displayName: 'Jurídico', description: 'Asesoría legal, contratos y cumplimiento normativo', color: '#8b5cf6' },
  { name: 'comercial', displayName: 'Comercial', description: 'Negociación y desarrollo de cuentas', color: '#10b981' },
  { name: 'contable', displayName: 'Contable', description: 'Finanzas, facturación y fiscalidad', color: '#f59e0b' },
  { name: 'logistico', displayName: 'Logístico', description: 'Distribución, almacenes y transporte', color: '#ef4444' },
  { name: 'aduanero', displayName: 'Aduanero', description: 'Comercio exterior y trámites aduaneros', color: '#06b6d4' },
];

export interface DemoPerson {
  username: string;
  firstName: string;
  lastName: string;
  systemRole: SystemRole;
  teamName?: string;
  phone: string;
  bio: string;
  /** Names of DEMO_ROLES this person holds. */
  specializations: string[];
  /** How likely a lead of theirs ends convertido (varies, so the rankings mean something). */
  skill: number;
  /** Days since they were last seen (0 = online today). */
  lastSeenDaysAgo: number;
}

export const DEMO_TEAM: DemoPerson[] = [
  {
    username: 'elena.martin',
    firstName: 'Elena',
    lastName: 'Martín Ruiz',
    systemRole: 'admin',
    phone: '+34 612 345 678',
    bio: 'Directora comercial.',
    specializations: [],
    skill: 0.3,
    lastSeenDaysAgo: 0,
  },
  {
    username: 'javier.ortega',
    firstName: 'Javier',
    lastName: 'Ortega Sanz',
    systemRole: 'manager',
    teamName: 'Equipo Norte',
    phone: '+34 623 456 789',
    bio: 'Responsable del equipo Norte.',
    specializations: ['comercial'],
    skill: 0.28,
    lastSeenDaysAgo: 0,
  },
  {
    username: 'lucia.navarro',
    firstName: 'Lucía',
    lastName: 'Navarro Gil',
    systemRole: 'manager',
    teamName: 'Equipo Sur',
    phone: '+34 634 567 890',
    bio: 'Responsable del equipo Sur.',
    specializations: ['juridico'],
    skill: 0.26,
    lastSeenDaysAgo: 1,
  },
  {
    username: 'carlos.romero',
    firstName: 'Carlos',
    lastName: 'Romero Díaz',
    systemRole: 'team_member',
    phone: '+34 645 678 901',
    bio: 'Especialista en cuentas tecnológicas.',
    specializations: ['tecnico'],
    skill: 0.34,
    lastSeenDaysAgo: 0,
  },
  {
    username: 'marta.jimenez',
    firstName: 'Marta',
    lastName: 'Jiménez Vidal',
    systemRole: 'team_member',
    phone: '+34 656 789 012',
    bio: 'Sector salud y clínicas privadas.',
    specializations: ['juridico', 'tecnico'],
    skill: 0.31,
    lastSeenDaysAgo: 0,
  },
  {
    username: 'pablo.moreno',
    firstName: 'Pablo',
    lastName: 'Moreno Castro',
    systemRole: 'team_member',
    phone: '+34 667 890 123',
    bio: 'Retail y distribución.',
    specializations: ['comercial', 'logistico'],
    skill: 0.22,
    lastSeenDaysAgo: 2,
  },
  {
    username: 'sara.delgado',
    firstName: 'Sara',
    lastName: 'Delgado Pérez',
    systemRole: 'team_member',
    phone: '+34 678 901 234',
    bio: 'Banca y asesorías financieras.',
    specializations: ['contable'],
    skill: 0.27,
    lastSeenDaysAgo: 0,
  },
  {
    username: 'diego.alonso',
    firstName: 'Diego',
    lastName: 'Alonso Ramos',
    systemRole: 'team_member',
    phone: '+34 689 012 345',
    bio: 'Importación y comercio exterior.',
    specializations: ['aduanero', 'logistico'],
    skill: 0.18,
    lastSeenDaysAgo: 5,
  },
  {
    username: 'laura.serrano',
    firstName: 'Laura',
    lastName: 'Serrano Molina',
    systemRole: 'team_member',
    phone: '+34 690 123 456',
    bio: 'Centros educativos y formación.',
    specializations: ['juridico', 'comercial'],
    skill: 0.25,
    lastSeenDaysAgo: 0,
  },
  {
    username: 'andres.vega',
    firstName: 'Andrés',
    lastName: 'Vega Herrera',
    systemRole: 'team_member',
    phone: '+34 601 234 567',
    bio: 'Despachos profesionales.',
    specializations: ['contable', 'juridico'],
    skill: 0.2,
    lastSeenDaysAgo: 1,
  },
  {
    username: 'nuria.campos',
    firstName: 'Nuria',
    lastName: 'Campos León',
    systemRole: 'team_member',
    phone: '+34 611 222 333',
    bio: 'Recién incorporada al equipo.',
    specializations: ['comercial'],
    skill: 0.12,
    lastSeenDaysAgo: 3,
  },
];
