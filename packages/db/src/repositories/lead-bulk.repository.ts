/** Bulk actions' reads and writes: one batch of leads locked at a time, and one statement per change. */
import type { LeadStatus, LeadStatusReach } from '@crm/domain';
import { type RawBuilder, sql } from 'kysely';
import type { DbOrTrx } from '../types.js';
import { anyInt } from './int-array.js';
import { type LeadFilters, filterExpression } from './leads.repository.js';
import { type LeadReader, visibleLeads } from './lead-visibility.repository.js';
import type { LeadAssignee } from './notifications.repository.js';

export interface BulkLeadState {
  id: number;
  status: LeadStatus;
  assigned_to: number | null;
  contacted_by: number | null;
  contacted_at: Date | null;
  group_id: number | null;
}

/**
 * The next batch, newest id first, locked until the transaction ends: the given ids its reader sees, or the
 * leads the filters match below `beforeId` (a keyset, so leads the action moves out of the
 * filter are not read twice and none is skipped).
 */
export async function lockBulkBatch(
  trx: DbOrTrx,
  scope: { ids: readonly number[]; reader: LeadReader } | { filters: LeadFilters; beforeId: number | null; limit: number },
): Promise<BulkLeadState[]> {
  let query = trx.selectFrom('leads').select(['id', 'status', 'assigned_to', 'contacted_by', 'contacted_at', 'group_id']);
  if ('ids' in scope) {
    query = query.where('id', '=', anyInt(scope.ids)).where(visibleLeads(scope.reader));
  } else {
    query = query.where((eb) => filterExpression(eb, scope.filters)).limit(scope.limit);
    if (scope.beforeId !== null) query = query.where('id', '<', scope.beforeId);
  }
  return query.orderBy('id', 'desc').forUpdate().execute();
}

/** Answers the leads now assigned to someone, for their notifications, without reading them again. */
export async function bulkSetAssignee(trx: DbOrTrx, ids: readonly number[], userId: number | null): Promise<LeadAssignee[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .updateTable('leads')
    .set({ assigned_to: userId, updated_at: new Date() })
    .where('id', '=', anyInt(ids))
    .returning(['id', 'name'])
    .execute();
  return userId === null ? [] : rows.map((row) => ({ leadId: row.id, name: row.name, assignedTo: userId }));
}

export async function bulkSetGroup(trx: DbOrTrx, ids: readonly number[], groupId: number | null): Promise<void> {
  if (ids.length === 0) return;
  await trx.updateTable('leads').set({ group_id: groupId, updated_at: new Date() }).where('id', '=', anyInt(ids)).execute();
}

/**
 * The domain's status rule (leadStatusReach, isInStatusReach in packages/domain) as a condition on
 * `leads`: the bulk change applies it in the statement itself, so no lead outside it is written.
 */
function statusReachFilter(reach: LeadStatusReach): RawBuilder<boolean> {
  switch (reach.kind) {
    case 'any':
      return sql<boolean>`true`;
    case 'owned':
      return sql<boolean>`(assigned_to = ${reach.userId}::int or (assigned_to is null and contacted_by = ${reach.userId}::int))`;
    case 'ownOrUnassigned':
      return sql<boolean>`(assigned_to is null or assigned_to = ${reach.userId}::int)`;
    case 'none':
      return sql<boolean>`false`;
  }
}

/**
 * As a single status change does: contactado records who and when, convertido stamps converted_at,
 * leaving it clears it. Only leads within `reach` and not already at `status` change; answers their ids.
 */
export async function bulkSetStatus(
  trx: DbOrTrx,
  ids: readonly number[],
  change: { status: LeadStatus; actorId: number; reach: LeadStatusReach },
): Promise<number[]> {
  if (ids.length === 0) return [];
  const { status, actorId } = change;
  const marks = status === 'contactado';
  const { rows } = await sql<{ id: number }>`update leads set
      contacted_by = case when ${marks} and status <> 'contactado' then ${actorId}::int else contacted_by end,
      contacted_at = case when ${marks} and status <> 'contactado' then now() else contacted_at end,
      converted_at = case when ${status} = 'convertido' then coalesce(converted_at, now()) else null end,
      status = ${status}, updated_at = now()
    where id = ${anyInt(ids)} and status <> ${status} and ${statusReachFilter(change.reach)}
    returning id`.execute(trx);
  return rows.map((row) => row.id);
}

/**
 * One custom value on every lead of `ids` (null removes it), in one statement; answers the leads
 * whose value changed with the value they had, for their history entries.
 */
export async function bulkSetCustomField(
  trx: DbOrTrx,
  ids: readonly number[],
  key: string,
  value: unknown,
): Promise<{ id: number; from: unknown }[]> {
  if (ids.length === 0) return [];
  const json = value === null ? null : JSON.stringify(value);
  const { rows } = await sql<{ id: number; from: unknown }>`with old as (
      select id, custom_fields -> ${key}::text as value from leads where id = ${anyInt(ids)}
    )
    update leads set
      custom_fields = case when ${json}::jsonb is null then custom_fields - ${key}::text
        else jsonb_set(custom_fields, array[${key}::text], ${json}::jsonb) end,
      updated_at = now()
    from old
    where leads.id = old.id and old.value is distinct from ${json}::jsonb
    returning leads.id, old.value as "from"`.execute(trx);
  return rows;
}

export async function bulkDelete(trx: DbOrTrx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.deleteFrom('leads').where('id', '=', anyInt(ids)).execute();
}

/** A group leads may be moved to: not being deleted, not being imported. */
export async function groupAcceptsLeads(db: DbOrTrx, groupId: number): Promise<boolean> {
  const row = await db.selectFrom('lead_groups').select('id').where('id', '=', groupId).where('deleted_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}
