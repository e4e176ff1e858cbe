/**
 * The audit log's rows: appended one at a time, read newest first by pages (keyset on the id), and
 * purged past the kept period. The table refuses any other update or delete (its migration).
 */
import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../types.js';

export interface AuditEntryInput {
  actorId: number | null;
  actorName: string | null;
  apiTokenId: number | null;
  ip: string | null;
  action: string;
  summary: string | null;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
}

export interface AuditEntryRow {
  id: number;
  at: Date;
  actor_id: number | null;
  actor_name: string | null;
  api_token_id: number | null;
  ip: string | null;
  action: string;
  summary: string | null;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
}

export interface AuditFilters {
  from?: Date;
  to?: Date;
  actorId?: number;
  /** An action's name, or its prefix ending in '.' (e.g. 'users.'). */
  action?: string;
  /** Rows older than this id (the previous page's last). */
  before?: number;
  limit: number;
}

export async function insertAuditEntry(db: DbOrTrx, entry: AuditEntryInput): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      actor_name: entry.actorName,
      api_token_id: entry.apiTokenId,
      ip: entry.ip,
      action: entry.action,
      summary: entry.summary,
      target_type: entry.targetType,
      target_id: entry.targetId,
      details: JSON.stringify(entry.details),
    })
    .execute();
}

export async function listAuditEntries(db: DbOrTrx, filters: AuditFilters): Promise<AuditEntryRow[]> {
  let query = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(filters.limit);
  if (filters.from) query = query.where('at', '>=', filters.from);
  if (filters.to) query = query.where('at', '<', filters.to);
  if (filters.actorId !== undefined) query = query.where('actor_id', '=', filters.actorId);
  if (filters.action) {
    const action = filters.action;
    query = action.endsWith('.') ? query.where(sql<boolean>`starts_with(action, ${action})`) : query.where('action', '=', action);
  }
  if (filters.before !== undefined) query = query.where('id', '<', filters.before);
  return query.execute();
}

/** Deletes the entries older than `before`, the one delete the table allows; returns how many went. */
export async function purgeAuditEntriesBefore(db: Db, before: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('crm.audit_purge', 'on', true)`.execute(trx);
    const deleted = await trx.deleteFrom('audit_log').where('at', '<', before).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  });
}
