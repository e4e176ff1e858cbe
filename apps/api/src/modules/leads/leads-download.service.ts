/**
 * The downloads of the Leads screen: one lead as a vCard, and the current filter as CSV or XLSX
 * (admin, manager). Both lists stream page by page; the XLSX has typed cells (docs/leads.md, 'Exportar').
 */
import { PassThrough, Readable } from 'node:stream';
import { type LeadFilters, countLeads, findLeadRow, listContacts, primaryContactCustomFields } from '@crm/db';
import {
  CSV_BOM,
  DomainError,
  type CustomFieldDefinition,
  type CustomFieldValues,
  type LeadExportCell,
  type LeadExportRow,
  customFieldNoteLines,
  leadExportColumns,
  csvSeparator,
  formatNumber,
  instantAt,
  leadCsvHeader,
  readsContactFields,
  leadCsvRows,
  leadWithContactsToVCard,
  phoneE164,
  toIsoDate,
  vcardFileName,
  wallTime,
} from '@crm/domain';
import ExcelJS from 'exceljs';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { loadTeamSettings } from '../settings/team-settings.service.js';
import { leadPages } from './lead-stream.js';
import { LEAD_NOT_FOUND } from './lead-messages.js';
import { leadReaderOf } from './lead-reader.js';
import { contactFieldDefinitions, leadFieldDefinitions } from '../custom-fields/custom-fields.service.js';

export interface Download {
  fileName: string;
  contentType: string;
  body: string | Readable;
}

/** A spreadsheet's practical size: beyond it Excel is slow to open and the export holds a stream slot for long. */
const XLSX_MAX_ROWS = 100_000;
const TOO_MANY_ROWS = `La exportación a Excel admite hasta ${formatNumber(XLSX_MAX_ROWS)} leads: filtra la lista o exporta en CSV`;

export async function leadVCard(ctx: ServiceContext, id: number): Promise<Download> {
  requirePermission(ctx, 'lead.read');
  const row = await findLeadRow(ctx.db, id, await leadReaderOf(ctx));
  if (!row) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
  const { country } = (await loadTeamSettings(ctx)).settings;
  // E.164, so the contact dials from any country.
  const e164 = (phone: string | null) => phoneE164(phone, country) ?? phone;
  const contacts = await listContacts(ctx.db, id);
  const definitions = await customFieldDefinitions(ctx);
  return {
    fileName: vcardFileName(row.name),
    contentType: 'text/vcard; charset=utf-8',
    // The lead's card, then one card per contact (ORG: the lead), in one file.
    body: leadWithContactsToVCard(
      { ...row, phone: e164(row.phone), details: customFieldNoteLines(definitions, 'lead', row.custom_fields as CustomFieldValues) },
      contacts.map((contact) => ({
        ...contact,
        phone: e164(contact.phone),
        whatsappPhone: e164(contact.whatsappPhone),
        details: customFieldNoteLines(definitions, 'contact', contact.customFields),
      })),
    ),
  };
}

/** The lead and contact fields, archived ones too: the exports and the card say the active ones. */
async function customFieldDefinitions(ctx: ServiceContext): Promise<CustomFieldDefinition[]> {
  const [lead, contact] = await Promise.all([leadFieldDefinitions(ctx), contactFieldDefinitions(ctx)]);
  return [...lead, ...contact];
}

/**
 * The filtered list page by page, as the export writes it: with the primary contacts' custom values
 * when the team has contact fields (one more read per page; the list item does not carry them).
 */
async function* exportPages(
  ctx: ServiceContext,
  filters: LeadFilters,
  definitions: readonly CustomFieldDefinition[],
): AsyncGenerator<LeadExportRow[]> {
  const withContactFields = readsContactFields(definitions);
  for await (const leads of leadPages(ctx, filters)) {
    if (!withContactFields) {
      yield leads;
      continue;
    }
    const fields = await primaryContactCustomFields(
      ctx.db,
      leads.map((lead) => lead.id),
    );
    yield leads.map((lead) => ({ ...lead, primaryContactFields: fields.get(lead.id) }));
  }
}

function fileDay(timeZone: string): string {
  return toIsoDate(new Date(), timeZone);
}

export async function leadsCsv(ctx: ServiceContext, filters: LeadFilters): Promise<Download> {
  requirePermission(ctx, 'lead.manage');
  const { timeZone, locale } = (await loadTeamSettings(ctx)).settings;
  const separator = csvSeparator(locale);
  const definitions = await customFieldDefinitions(ctx);
  const columns = leadExportColumns(definitions);
  async function* chunks(): AsyncGenerator<string> {
    yield CSV_BOM + leadCsvHeader(separator, columns);
    for await (const leads of exportPages(ctx, filters, definitions)) yield leadCsvRows(leads, { separator, timeZone, columns });
  }
  return { fileName: `leads-${fileDay(timeZone)}.csv`, contentType: 'text/csv; charset=utf-8', body: Readable.from(chunks()) };
}

/** A cell as the workbook stores it: instants as dates showing the team's wall-clock time. */
function xlsxValue(cell: LeadExportCell, timeZone: string): string | number | Date | null {
  if (cell === null || typeof cell !== 'object') return cell;
  const wall = wallTime(cell.instant, timeZone);
  // Excel dates have no zone: the instant whose UTC fields are the team's clock shows as that clock.
  return new Date(instantAt(wall, 'UTC').getTime());
}

export async function leadsXlsx(ctx: ServiceContext, filters: LeadFilters): Promise<Download> {
  requirePermission(ctx, 'lead.manage');
  if ((await countLeads(ctx.db, filters)) > XLSX_MAX_ROWS) throw new DomainError('BAD_REQUEST', TOO_MANY_ROWS);
  const { timeZone } = (await loadTeamSettings(ctx)).settings;
  const definitions = await customFieldDefinitions(ctx);
  const columns = leadExportColumns(definitions);
  const body = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: body, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Leads', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.width,
    style: column.dateFormat ? { numFmt: column.dateFormat } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  const write = async () => {
    for await (const leads of exportPages(ctx, filters, definitions)) {
      for (const lead of leads) sheet.addRow(columns.map((column) => xlsxValue(column.value(lead), timeZone))).commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    ctx.log.warn({ err: error }, 'La exportación a Excel no se completó');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return {
    fileName: `leads-${fileDay(timeZone)}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body,
  };
}
