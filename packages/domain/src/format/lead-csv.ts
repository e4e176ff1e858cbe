/** The leads CSV's columns, one definition for the server's filtered export and the web's export of selected rows. */
import type { LeadListItem } from '../schemas/lead.js';
import { categoryLabel } from '../leads/categories.js';
import { statusLabel } from '../leads/statuses.js';
import { type CsvColumn, escapeCsvCell } from './csv-export.js';
import { formatDate, formatDateTime } from './dates.js';
import { fullName } from './initials.js';

const personName = (person: LeadListItem['assignee']) => (person ? fullName(person.firstName, person.lastName, '') : '');

export const LEAD_CSV_COLUMNS: readonly CsvColumn<LeadListItem>[] = [
  { header: 'Nombre', value: (lead) => lead.name },
  { header: 'Email', value: (lead) => lead.email },
  { header: 'Teléfono', value: (lead) => lead.phone },
  { header: 'Categoría', value: (lead) => categoryLabel(lead.category) },
  { header: 'Estado', value: (lead) => statusLabel(lead.status) },
  { header: 'Descripción', value: (lead) => lead.description },
  { header: 'Dirección', value: (lead) => lead.address },
  { header: 'Dominio', value: (lead) => lead.domain },
  { header: 'Asignado a', value: (lead) => personName(lead.assignee) },
  { header: 'Contactado por', value: (lead) => personName(lead.contactedByUser) },
  { header: 'Contactado el', value: (lead) => (lead.contactedAt ? formatDateTime(lead.contactedAt) : '') },
  { header: 'Agregado', value: (lead) => formatDate(lead.createdAt) },
];

export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(escapeCsvCell).join(',')}\r\n`;
}

export const LEAD_CSV_HEADER = csvLine(LEAD_CSV_COLUMNS.map((column) => column.header));

export function leadCsvRows(leads: readonly LeadListItem[]): string {
  return leads.map((lead) => csvLine(LEAD_CSV_COLUMNS.map((column) => column.value(lead)))).join('');
}
