/** Spanish business names, cities and contact details by category, for believable leads. */
import type { Random } from './random.js';

export type DemoCategory = 'tecnologia' | 'salud' | 'educacion' | 'finanzas' | 'retail' | 'legal' | 'inmobiliario' | 'otros';

const PREFIXES: Record<DemoCategory, string[]> = {
  tecnologia: ['Soluciones', 'Sistemas', 'Tecnologías', 'Innova', 'Digital', 'Redes', 'Software', 'Datos'],
  salud: ['Clínica', 'Centro Médico', 'Clínica Dental', 'Fisioterapia', 'Laboratorio', 'Farmacia', 'Policlínica'],
  educacion: ['Academia', 'Colegio', 'Escuela', 'Centro de Formación', 'Instituto', 'Autoescuela'],
  finanzas: ['Asesoría', 'Gestoría', 'Inversiones', 'Consultores Financieros', 'Seguros', 'Correduría'],
  retail: ['Tienda', 'Distribuciones', 'Supermercados', 'Moda', 'Ferretería', 'Librería', 'Óptica'],
  legal: ['Abogados', 'Bufete', 'Despacho Jurídico', 'Notaría', 'Asesores Legales'],
  inmobiliario: ['Inmobiliaria', 'Promociones', 'Fincas', 'Gestión Inmobiliaria', 'Viviendas'],
  otros: ['Talleres', 'Transportes', 'Eventos', 'Hostelería', 'Limpiezas', 'Construcciones'],
};

const NAMES = [
  'Mediterráneo',
  'Atlántico',
  'Ibérica',
  'del Norte',
  'Sol',
  'Horizonte',
  'Castilla',
  'Levante',
  'Aurora',
  'Cantábrico',
  'Guadalquivir',
  'Montserrat',
  'Alhambra',
  'Triana',
  'Sierra Nevada',
  'Ebro',
  'Tajo',
  'Duero',
  'Miramar',
  'La Concha',
  'Santa Ana',
  'San Jorge',
  'Nova',
  'Central',
  'Europa',
  'Galicia',
  'Aragón',
  'Navarra',
  'Rioja',
  'La Mancha',
];

const SUFFIXES = ['S.L.', 'S.A.', 'y Asociados', 'Grupo', '', '', '', ''];

const CITIES = [
  'Madrid',
  'Barcelona',
  'Valencia',
  'Sevilla',
  'Zaragoza',
  'Málaga',
  'Murcia',
  'Palma',
  'Bilbao',
  'Alicante',
  'Córdoba',
  'Valladolid',
  'Vigo',
  'Gijón',
  'Granada',
  'A Coruña',
  'Vitoria',
  'Pamplona',
  'Santander',
  'Salamanca',
];

const STREETS = [
  'Calle Mayor',
  'Avenida de la Constitución',
  'Calle Real',
  'Gran Vía',
  'Paseo de la Castellana',
  'Calle Alcalá',
  'Rambla Nova',
  'Calle Colón',
];

const DESCRIPTIONS: Record<DemoCategory, string[]> = {
  tecnologia: [
    'Busca renovar su infraestructura de servidores.',
    'Interesados en un CRM para su equipo comercial.',
    'Necesitan soporte informático mensual.',
  ],
  salud: [
    'Quiere digitalizar la gestión de citas.',
    'Amplía sus instalaciones el próximo trimestre.',
    'Pide presupuesto para equipamiento.',
  ],
  educacion: [
    'Plataforma de formación en línea para 300 alumnos.',
    'Renovación de aulas digitales.',
    'Busca proveedor de material didáctico.',
  ],
  finanzas: ['Necesitan automatizar la facturación.', 'Interés en asesoría fiscal para pymes.', 'Quieren ampliar su cartera de seguros.'],
  retail: ['Abre dos tiendas nuevas este año.', 'Busca mejorar su logística de reparto.', 'Interesados en un programa de fidelización.'],
  legal: [
    'Gestión documental para el despacho.',
    'Buscan software de gestión de expedientes.',
    'Necesitan asesoría en protección de datos.',
  ],
  inmobiliario: ['Cartera de 200 inmuebles en alquiler.', 'Quieren un portal propio de viviendas.', 'Nueva promoción de obra nueva.'],
  otros: ['Contacto recibido en la feria sectorial.', 'Solicitó información por la web.', 'Recomendado por un cliente actual.'],
};

export interface DemoCompany {
  name: string;
  email: string;
  phone: string;
  address: string;
  domain: string;
  description: string;
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 24);
}

/** A company of that category; `serial` keeps names, emails and phones unique across the data set. */
export function makeCompany(random: Random, category: DemoCategory, serial: number, city = random.pick(CITIES)): DemoCompany {
  const prefix = random.pick(PREFIXES[category]);
  const suffix = random.pick(SUFFIXES);
  const base = `${prefix} ${random.pick(NAMES)}`;
  const name = `${base} ${city}${suffix ? ` ${suffix}` : ''}`;
  const domain = `${slug(base)}${serial}.es`;
  // Spanish landlines start with 9, mobiles with 6 or 7; the serial makes each one unique.
  const first = random.pick(['9', '6', '7']);
  const digits = `${first}${String(10_000_000 + serial * 37 + random.int(0, 36)).slice(-8)}`;
  return {
    name,
    email: `${random.pick(['info', 'contacto', 'comercial', 'hola', 'administracion'])}@${domain}`,
    phone: `+34 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`,
    address: `${random.pick(STREETS)} ${random.int(1, 180)}, ${city}`,
    domain,
    description: random.pick(DESCRIPTIONS[category]),
  };
}
