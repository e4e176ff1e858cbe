/**
 * The leads export's columns, one definition for the server's CSV and XLSX of the current list and
 * the web's CSV of selected rows. Each cell is typed (text, number, instant or nothing): the CSV
 * writes it as text, the XLSX as a cell of its type (docs/leads.md, 'Exportar').
 */
import type { LeadListItem } from '../schemas/lead.js';
import { categoryLabel } from '../leads/categories.js';
import { statusLabel } from '../leads/statuses.js';
import { type CsvSeparator, escapeCsvCell } from './csv-export.js';
import { formatDate, formatDateTime } from './dates.js';
import { fullName } from './initials.js';
import type { CustomFieldDefinition, CustomFieldValue, CustomFieldValues } from '../custom-fields/types.js';

export type LeadExportCell = string | number | { instant: Date; withTime: boolean } | null;

/** A lead as the export writes it: its list item, and its primary contact's custom values when the team has contact fields. */
export type LeadExportRow = LeadListItem & { primaryContactFields?: CustomFieldValues };

export interface LeadExportColumn {
  header: string;
  /** Characters, for the spreadsheet's column width. */
  width: number;
  /** The spreadsheet's number format for the column's instants. */
  dateFormat?: string;
  value: (lead: LeadExportRow) => LeadExportCell;
}

const personName = (person: LeadListItem['assignee']) => (person ? fullName(person.firstName, person.lastName, '') : '');

export const LEAD_EXPORT_COLUMNS: readonly LeadExportColumn[] = [
  { header: 'Nombre', width: 32, value: (lead) => lead.name },
  { header: 'Email', width: 28, value: (lead) => lead.email },
  { header: 'Teléfono', width: 18, value: (lead) => lead.phone },
  { header: 'Categoría', width: 14, value: (lead) => categoryLabel(lead.category) },
  { header: 'Estado', width: 12, value: (lead) => statusLabel(lead.status) },
  { header: 'Descripción', width: 40, value: (lead) => lead.description },
  { header: 'Dirección', width: 30, value: (lead) => lead.address },
  { header: 'Dominio', width: 20, value: (lead) => lead.domain },
  { header: 'Asignado a', width: 22, value: (lead) => personName(lead.assignee) },
  { header: 'Contactado por', width: 22, value: (lead) => personName(lead.contactedByUser) },
  {
    header: 'Contactado el',
    width: 17,
    dateFormat: 'dd/mm/yyyy hh:mm',
    value: (lead) => (lead.contactedAt ? { instant: lead.contactedAt, withTime: true } : null),
  },
  { header: 'Llamadas', width: 10, value: (lead) => lead.tracking?.calls ?? 0 },
  { header: 'Mensajes enviados', width: 10, value: (lead) => lead.tracking?.messagesToLead ?? 0 },
  { header: 'Mensajes recibidos', width: 10, value: (lead) => lead.tracking?.messagesFromLead ?? 0 },
  // The amount exactly as stored ('1500.50', point decimal): a spreadsheet cell would make it a float.
  { header: 'Importe', width: 16, value: (lead) => lead.amount },
  { header: 'Moneda', width: 8, value: (lead) => lead.currency },
  { header: 'Cierre previsto', width: 12, value: (lead) => lead.expectedCloseDate },
  { header: 'Motivo de pérdida', width: 30, value: (lead) => lead.lostReason },
  { header: 'Etiquetas', width: 24, value: (lead) => lead.tags.map((tag) => tag.name).join(', ') },
  { header: 'Agregado', width: 12, dateFormat: 'dd/mm/yyyy', value: (lead) => ({ instant: lead.createdAt, withTime: false }) },
  { header: 'Contacto', width: 24, value: (lead) => lead.primaryContact?.name ?? null },
  { header: 'Cargo del contacto', width: 18, value: (lead) => lead.primaryContact?.cargo ?? null },
  { header: 'Email del contacto', width: 28, value: (lead) => lead.primaryContact?.email ?? null },
  { header: 'Teléfono del contacto', width: 18, value: (lead) => lead.primaryContact?.phone ?? null },
];

/** A custom value as a cell: numbers as numbers, flags as Sí/No, a multi-select's options joined. */
export function customFieldCell(value: CustomFieldValue | undefined): string | number | null {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  return value;
}

/**
 * The built-in columns, then one per active lead field and one per active contact field (the primary
 * contact's value, headed '<label> (contacto)'), each in the fields' order.
 */
export function leadExportColumns(definitions: readonly CustomFieldDefinition[] = []): readonly LeadExportColumn[] {
  const active = definitions.filter((definition) => !definition.archived);
  const width = (definition: CustomFieldDefinition) => (definition.type === 'long_text' ? 40 : 18);
  const leadColumns = active
    .filter((definition) => definition.entity === 'lead')
    .map((definition) => ({
      header: definition.label,
      width: width(definition),
      value: (lead: LeadExportRow) => customFieldCell(lead.customFields[definition.key]),
    }));
  const contactColumns = active
    .filter((definition) => definition.entity === 'contact')
    .map((definition) => ({
      header: `${definition.label} (contacto)`,
      width: width(definition),
      value: (lead: LeadExportRow) => customFieldCell(lead.primaryContactFields?.[definition.key]),
    }));
  return [...LEAD_EXPORT_COLUMNS, ...leadColumns, ...contactColumns];
}

/**
 * How many leads one read of primary contacts' custom values may name (GET /api/contacts/primary-fields):
 * the web's CSV of selected rows asks in calls of this many. Here, not beside the schema, so that the
 * leads screen's first load does not carry the contact schemas' phone rules.
 */
export const PRIMARY_CONTACT_FIELDS_MAX_IDS = 500;

/** Whether the columns read the primary contact's custom values (which the list item does not carry). */
export function readsContactFields(definitions: readonly CustomFieldDefinition[]): boolean {
  return definitions.some((definition) => !definition.archived && definition.entity === 'contact');
}

/** How the CSV writes a cell: instants in the team's time zone, dd/mm/aaaa. */
function csvText(cell: LeadExportCell, timeZone: string): string | number | null {
  if (cell === null || typeof cell !== 'object') return cell;
  return cell.withTime ? formatDateTime(cell.instant, timeZone) : formatDate(cell.instant, timeZone);
}

export function csvLine(cells: readonly unknown[], separator: CsvSeparator): string {
  return `${cells.map((cell) => escapeCsvCell(cell, separator)).join(separator)}\r\n`;
}

export function leadCsvHeader(separator: CsvSeparator, columns: readonly LeadExportColumn[] = LEAD_EXPORT_COLUMNS): string {
  return csvLine(
    columns.map((column) => column.header),
    separator,
  );
}

export function leadCsvRows(
  leads: readonly LeadExportRow[],
  options: { separator: CsvSeparator; timeZone: string; columns?: readonly LeadExportColumn[] },
): string {
  const columns = options.columns ?? LEAD_EXPORT_COLUMNS;
  return leads
    .map((lead) =>
      csvLine(
        columns.map((column) => csvText(column.value(lead), options.timeZone)),
        options.separator,
      ),
    )
    .join('');
}
