/** The two downloads of the Leads screen: one lead as a vCard, and the current filter as CSV (admin, manager). */
import { Readable } from 'node:stream';
import { type LeadFilters, findLeadRow } from '@crm/db';
import {
  CSV_BOM,
  type CsvColumn,
  DomainError,
  type LeadListItem,
  categoryLabel,
  escapeCsvCell,
  formatDate,
  formatDateTime,
  fullName,
  leadToVCard,
  statusLabel,
  vcardFileName,
} from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { leadPages } from './lead-stream.js';
import { LEAD_NOT_FOUND } from './leads.service.js';

export interface Download {
  fileName: string;
  contentType: string;
  body: string | Readable;
}

export async function leadVCard(ctx: ServiceContext, id: number): Promise<Download> {
  requirePermission(ctx, 'lead.read');
  const row = await findLeadRow(ctx.db, id);
  if (!row) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
  return {
    fileName: vcardFileName(row.name),
    contentType: 'text/vcard; charset=utf-8',
    body: leadToVCard(row),
  };
}

const personName = (person: LeadListItem['assignee']) => (person ? fullName(person.firstName, person.lastName, '') : '');

const LEAD_CSV_COLUMNS: readonly CsvColumn<LeadListItem>[] = [
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

function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(escapeCsvCell).join(',')}\r\n`;
}

async function* csvChunks(ctx: ServiceContext, filters: LeadFilters): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(LEAD_CSV_COLUMNS.map((column) => column.header));
  for await (const leads of leadPages(ctx, filters)) {
    yield leads.map((lead) => csvLine(LEAD_CSV_COLUMNS.map((column) => column.value(lead)))).join('');
  }
}

export function leadsCsv(ctx: ServiceContext, filters: LeadFilters): Download {
  requirePermission(ctx, 'lead.manage');
  const day = new Date().toISOString().slice(0, 10);
  return { fileName: `leads-${day}.csv`, contentType: 'text/csv; charset=utf-8', body: Readable.from(csvChunks(ctx, filters)) };
}
