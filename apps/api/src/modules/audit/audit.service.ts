/**
 * The audit log (docs/audit.md), as admins read it: by pages and as CSV. It is written by
 * `recordAudit` (audit-trail.ts).
 */
import { type AuditEntryRow, listAuditEntries } from '@crm/db';
import { type AuditEntry, type AuditPage, type AuditQuery, instantAt } from '@crm/domain';
import type { AppContext } from '../../context.js';
import { loadTeamSettings } from '../settings/team-settings.service.js';

function entryOf(row: AuditEntryRow): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    actor: { id: row.actor_id, name: row.actor_name },
    apiTokenId: row.api_token_id,
    ip: row.ip,
    action: row.action,
    summary: row.summary,
    target: row.target_type === null || row.target_id === null ? null : { type: row.target_type, id: row.target_id },
    details: row.details,
  };
}

/** A calendar day of the team's zone: its first instant, or the next day's (`to` is inclusive). */
function dayEdge(day: string, timeZone: string, nextDay: boolean): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return instantAt({ year, month, day: date + (nextDay ? 1 : 0), hour: 0, minute: 0 }, timeZone);
}

async function filtersOf(ctx: Pick<AppContext, 'db' | 'env'>, query: AuditQuery) {
  const { timeZone } = (await loadTeamSettings(ctx)).settings;
  return {
    from: query.from ? dayEdge(query.from, timeZone, false) : undefined,
    to: query.to ? dayEdge(query.to, timeZone, true) : undefined,
    actorId: query.actorId,
    action: query.action || undefined,
  };
}

export async function listAudit(ctx: Pick<AppContext, 'db' | 'env'>, query: AuditQuery): Promise<AuditPage> {
  const rows = await listAuditEntries(ctx.db, { ...(await filtersOf(ctx, query)), before: query.before, limit: query.limit + 1 });
  const items = rows.slice(0, query.limit).map(entryOf);
  return { items, nextBefore: rows.length > query.limit ? (items.at(-1)?.id ?? null) : null };
}

/** Every entry the filters match, newest first, page by page (a year of entries never sits in memory). */
export async function* auditEntries(ctx: Pick<AppContext, 'db' | 'env'>, query: Omit<AuditQuery, 'before' | 'limit'>) {
  const filters = await filtersOf(ctx, { ...query, limit: 1 });
  let before: number | undefined;
  for (;;) {
    const rows = await listAuditEntries(ctx.db, { ...filters, before, limit: 1000 });
    for (const row of rows) yield entryOf(row);
    if (rows.length < 1000) return;
    before = rows.at(-1)?.id;
  }
}
