/** The audit log as CSV for a spreadsheet: the team's locale's separator and dates, streamed page by page. */
import { Readable } from 'node:stream';
import { type AuditEntry, type AuditQuery, CSV_BOM, type CsvColumn, csvSeparator, escapeCsvCell } from '@crm/domain';
import type { AppContext } from '../../context.js';
import { loadTeamSettings } from '../settings/team-settings.service.js';
import { auditEntries } from './audit.service.js';

export async function auditCsv(ctx: Pick<AppContext, 'db' | 'env'>, query: Omit<AuditQuery, 'before' | 'limit'>): Promise<Readable> {
  const { locale, timeZone } = (await loadTeamSettings(ctx)).settings;
  const separator = csvSeparator(locale);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium', timeZone });
  const columns: CsvColumn<AuditEntry>[] = [
    { header: 'Fecha', value: (entry) => when.format(entry.at) },
    { header: 'Usuario', value: (entry) => entry.actor.name ?? '' },
    { header: 'Id de usuario', value: (entry) => entry.actor.id },
    { header: 'Token de API', value: (entry) => entry.apiTokenId },
    { header: 'Dirección', value: (entry) => entry.ip },
    { header: 'Acción', value: (entry) => entry.action },
    { header: 'Objeto', value: (entry) => (entry.target ? `${entry.target.type} ${entry.target.id}` : '') },
    { header: 'Detalles', value: (entry) => JSON.stringify(entry.details) },
  ];
  const line = (cells: unknown[]) => `${cells.map((cell) => escapeCsvCell(cell, separator)).join(separator)}\r\n`;
  async function* lines() {
    yield CSV_BOM + line(columns.map((column) => column.header));
    for await (const entry of auditEntries(ctx, query)) yield line(columns.map((column) => column.value(entry)));
  }
  return Readable.from(lines());
}
