/**
 * Lead history: the one writer every change to a lead calls inside its own transaction (so the
 * history can never disagree with the data and rolls back with it), and the timeline's pages.
 */
import type { LeadHistoryEntry, LeadHistoryType } from '@crm/domain';
import { sql } from 'kysely';
import type { DbOrTrx } from '../types.js';
import { personNameSql } from './person-name.js';

export interface NewLeadHistoryEntry {
  leadId: number;
  type: LeadHistoryType;
  actorId: number | null;
  changes?: Record<string, unknown>;
}

/** Writes entries in one statement (arrays through unnest: four parameters whatever the count, so an import batch is one round trip). */
export async function recordLeadHistory(db: DbOrTrx, entries: readonly NewLeadHistoryEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await sql`insert into lead_history (lead_id, type, actor_id, changes)
    select lead_id, type, actor_id, changes::jsonb
    from unnest(${entries.map((entry) => entry.leadId)}::int[], ${entries.map((entry) => entry.type)}::text[],
      ${entries.map((entry) => entry.actorId)}::int[], ${entries.map((entry) => JSON.stringify(entry.changes ?? {}))}::text[])
      as entry(lead_id, type, actor_id, changes)`.execute(db);
}

/** Newest first: `limit` entries before the entry id `before` (all from the newest when absent). */
export async function listLeadHistory(
  db: DbOrTrx,
  leadId: number,
  page: { before?: number; limit: number },
): Promise<{ items: LeadHistoryEntry[]; nextCursor: number | null }> {
  let query = db
    .selectFrom('lead_history as h')
    .leftJoin('users as actor', 'actor.id', 'h.actor_id')
    .select(['h.id', 'h.type', 'h.at', 'h.actor_id', 'h.changes', personNameSql('actor').as('actor_name')])
    .where('h.lead_id', '=', leadId)
    .orderBy('h.id', 'desc')
    .limit(page.limit + 1);
  if (page.before !== undefined) query = query.where('h.id', '<', page.before);
  const rows = await query.execute();
  const hasMore = rows.length > page.limit;
  const items = (hasMore ? rows.slice(0, page.limit) : rows).map((row) => ({
    id: row.id,
    type: row.type as LeadHistoryType,
    at: row.at,
    actor: row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name },
    changes: row.changes,
  }));
  return { items, nextCursor: hasMore ? (items.at(-1)?.id ?? null) : null };
}

/** The names of the people an 'assigned' entry names, deactivated ones included. */
export async function findPeopleNames(db: DbOrTrx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users as person')
    .select(['person.id', personNameSql('person').as('name')])
    .where('person.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
