/** The two downloads of the Leads screen: one lead as a vCard, and the current filter as CSV (admin, manager). */
import { Readable } from 'node:stream';
import { type LeadFilters, findLeadRow } from '@crm/db';
import { CSV_BOM, DomainError, LEAD_CSV_HEADER, leadCsvRows, leadToVCard, phoneE164, vcardFileName } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { leadPages } from './lead-stream.js';
import { LEAD_NOT_FOUND } from './lead-messages.js';

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
    // E.164, so the contact dials from any country.
    body: leadToVCard({ ...row, phone: phoneE164(row.phone, ctx.env.DEFAULT_COUNTRY) ?? row.phone }),
  };
}

async function* csvChunks(ctx: ServiceContext, filters: LeadFilters): AsyncGenerator<string> {
  yield CSV_BOM + LEAD_CSV_HEADER;
  for await (const leads of leadPages(ctx, filters)) yield leadCsvRows(leads);
}

export function leadsCsv(ctx: ServiceContext, filters: LeadFilters): Download {
  requirePermission(ctx, 'lead.manage');
  const day = new Date().toISOString().slice(0, 10);
  return { fileName: `leads-${day}.csv`, contentType: 'text/csv; charset=utf-8', body: Readable.from(csvChunks(ctx, filters)) };
}
