/** A realistic Spanish import file: business names, mixed English/Spanish categories, phones, addresses. */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { DEFAULT_PHONE_COUNTRY, leadEmailKey, leadPhoneKey, leadSearchText, mapCategoryName, normalizePhone } from '@crm/domain';

const PREFIXES = [
  'Clínica',
  'Bufete',
  'Inmobiliaria',
  'Academia',
  'Asesoría',
  'Tienda',
  'Restaurante',
  'Farmacia',
  'Consultora',
  'Talleres',
  'Distribuciones',
  'Construcciones',
  'Óptica',
  'Gestoría',
  'Panadería',
  'Ferretería',
  'Hotel',
  'Transportes',
  'Software',
  'Laboratorio',
  'Centro Médico',
  'Colegio',
  'Despacho',
  'Floristería',
];
const SURNAMES = [
  'García',
  'Fernández',
  'González',
  'Rodríguez',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Martín',
  'Jiménez',
  'Ruiz',
  'Hernández',
  'Díaz',
  'Moreno',
  'Muñoz',
  'Álvarez',
  'Romero',
  'Alonso',
  'Gutiérrez',
  'Navarro',
  'Torres',
  'Domínguez',
  'Vázquez',
  'Ramos',
  'Gil',
  'Ramírez',
  'Serrano',
  'Blanco',
  'Molina',
  'Castro',
  'Ortiz',
  'Rubio',
  'Marín',
  'Sanz',
  'Núñez',
  'Iglesias',
  'Medina',
  'Garrido',
  'Cortés',
  'Peña',
  'Ibáñez',
];
const SUFFIXES = ['S.L.', 'S.A.', 'e Hijos', 'y Asociados', '', 'Hermanos', 'Grupo', 'S.L.U.'];
const CATEGORIES = [
  'Legal',
  'abogado',
  'Medical centre',
  'clínica dental',
  'dentist',
  'Real estate',
  'inmobiliaria',
  'Tecnología',
  'software',
  'Educación',
  'academia de idiomas',
  'Finanzas',
  'gestoría',
  'Retail',
  'tienda de ropa',
  'Restaurante',
  'Hostelería',
  'Transporte',
  'Construcción',
  'IT services',
  'farmacia',
  'seguros',
];
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
  'Santander',
  'Pamplona',
];
const STREETS = [
  'Calle Mayor',
  'Avenida de la Constitución',
  'Calle del Sol',
  'Avenida de Andalucía',
  'Paseo de Colón',
  'Gran Vía',
  'Plaza de la Paz',
  'Calle Real',
  'Calle San Fernando',
  'Calle de Cervantes',
  'Ronda de Toledo',
];
const DESCRIPTIONS = [
  'Interesados en renovar su sistema de gestión',
  'Contacto en feria sectorial, pidió presupuesto',
  'Cliente potencial, "muy receptivo" en la primera llamada',
  'Tienen 3 sedes; hablar con la gerente, María',
  'Solicitan demo del producto\nLlamar por la mañana',
  'Referido por un cliente actual',
  '',
];

function pick<T>(list: readonly T[], n: number): T {
  return list[n % list.length] as T;
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** The file's columns, in order (the CSV header and the workbook's first row). */
export const BUSINESS_COLUMNS = ['name', 'categoryName', 'email', 'phone', 'address', 'domain', 'description'] as const;
const CSV_HEADER = BUSINESS_COLUMNS.join(',');

/** Row i of the file; every 200th repeats an earlier email and every 500th has no name, as real files do. */
export function businessFields(index: number): BusinessFields {
  const prefix = pick(PREFIXES, index * 7);
  const surname = pick(SURNAMES, index * 13 + (index >> 5));
  const suffix = pick(SUFFIXES, index * 3);
  const city = pick(CITIES, index * 11);
  const name = index % 500 === 499 ? '' : `${prefix} ${surname} ${city} ${index}${suffix ? ` ${suffix}` : ''}`;
  const domain = `${slug(prefix)}${slug(surname)}${index}.es`;
  const emailIndex = index % 200 === 199 ? index - 100 : index;
  const email = `info@${slug(pick(PREFIXES, emailIndex * 7))}${slug(pick(SURNAMES, emailIndex * 13 + (emailIndex >> 5)))}${emailIndex}.es`;
  const digits = String(600_000_000 + index * 7);
  const phone = `+34 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
  const address = `${pick(STREETS, index * 5)}, ${1 + (index % 180)}, ${city}`;
  return { name, categoryName: pick(CATEGORIES, index * 17), email, phone, address, domain, description: pick(DESCRIPTIONS, index * 19) };
}

export interface BusinessFields {
  name: string;
  categoryName: string;
  email: string;
  phone: string;
  address: string;
  domain: string;
  description: string;
}

/**
 * Five more columns a team's spreadsheet holds, each for a field made by '＋ Crear campo' (issue 29):
 * a province (a few repeated values, so a select that takes them as its options), a date, an amount
 * in euros, a number and a yes/no.
 */
export const CUSTOM_COLUMNS = [
  { label: 'Provincia', type: 'select' },
  { label: 'Fecha alta', type: 'date' },
  { label: 'Facturación (€)', type: 'money' },
  { label: 'Empleados', type: 'number' },
  { label: 'Cliente', type: 'checkbox' },
] as const;

function customCells(index: number): string[] {
  const day = String(1 + (index % 28)).padStart(2, '0');
  const month = String(1 + (index % 12)).padStart(2, '0');
  const revenue = (12_000 + ((index * 7_919) % 2_000_000)).toLocaleString('es-ES');
  return [
    pick(CITIES, index * 11),
    `${day}/${month}/${2015 + (index % 10)}`,
    `${revenue} €`,
    String(1 + (index % 250)),
    index % 3 ? 'no' : 'sí',
  ];
}

function businessRow(index: number, withCustomColumns: boolean): string {
  const row = businessFields(index);
  const cells = BUSINESS_COLUMNS.map((column) => row[column]);
  if (withCustomColumns) cells.push(...customCells(index));
  return cells.map(csvCell).join(',');
}

/**
 * What an import of the file stores, for `psql \\copy` to load the same data: the floor to compare
 * with. Each lead row as the import writes it (category mapped, phone in E.164, search_text
 * computed, empty cells null; nameless rows and rows repeating an email or phone of the file left
 * out), with its id, group and creator, and the category column's text in the 'Categoría original'
 * custom field (the import keeps it so: docs/custom-fields.md, 'Importar'); and the 'imported'
 * history entry every imported lead gets.
 */
export const COPY_LEAD_COLUMNS =
  'id, name, email, phone, category, description, address, domain, group_id, created_by, search_text, custom_fields';
export const COPY_HISTORY_COLUMNS = 'lead_id, type, actor_id, changes';

export async function writeCopyCsvs(
  paths: { leads: string; history: string },
  rows: number,
  ids: { groupId: number; userId: number },
): Promise<void> {
  const leads = createWriteStream(paths.leads);
  const history = createWriteStream(paths.history);
  const changes = JSON.stringify({ jobId: 1, groupId: ids.groupId, groupName: 'Benchmark 10 MB', fileName: 'empresas.csv' });
  const seen = new Set<string>();
  let leadId = 0;
  for (let index = 0; index < rows; index += 1) {
    const row = businessFields(index);
    const phone = normalizePhone(row.phone, DEFAULT_PHONE_COUNTRY);
    const keys = [leadEmailKey(row.email), leadPhoneKey(phone)].filter((key) => key !== null);
    if (!row.name || keys.some((key) => seen.has(key))) continue;
    for (const key of keys) seen.add(key);
    leadId += 1;
    const cells = [
      String(leadId),
      row.name,
      row.email,
      phone ?? '',
      mapCategoryName(row.categoryName),
      row.description,
      row.address,
      row.domain,
      String(ids.groupId),
      String(ids.userId),
      leadSearchText(row.name, row.email),
      JSON.stringify({ categoria_original: row.categoryName }),
    ];
    // Unquoted empty cells are NULL in COPY's CSV format, as the import stores empty cells.
    if (!leads.write(`${cells.map((cell) => (cell ? csvCell(cell) : '')).join(',')}\n`)) await once(leads, 'drain');
    if (!history.write(`${leadId},imported,${ids.userId},${csvCell(changes)}\n`)) await once(history, 'drain');
  }
  leads.end();
  history.end();
  await Promise.all([once(leads, 'finish'), once(history, 'finish')]);
}

/**
 * As many rows as fit in `maxBytes` (or `maxRows` rows, the smoke tests' small files); answers the
 * row count and the size. `withCustomColumns` adds CUSTOM_COLUMNS to each row (give `maxRows` to
 * have the same rows as a file without them).
 */
export async function writeBusinessCsv(
  filePath: string,
  maxBytes: number,
  maxRows = Infinity,
  { withCustomColumns = false } = {},
): Promise<{ rows: number; bytes: number }> {
  const out = createWriteStream(filePath);
  const header = withCustomColumns ? [CSV_HEADER, ...CUSTOM_COLUMNS.map((column) => csvCell(column.label))].join(',') : CSV_HEADER;
  let bytes = Buffer.byteLength(`${header}\r\n`);
  out.write(`${header}\r\n`);
  let rows = 0;
  for (;;) {
    const line = `${businessRow(rows, withCustomColumns)}\r\n`;
    const size = Buffer.byteLength(line);
    if (bytes + size > maxBytes || rows >= maxRows) break;
    if (!out.write(line)) await once(out, 'drain');
    bytes += size;
    rows += 1;
  }
  out.end();
  await once(out, 'finish');
  return { rows, bytes };
}
