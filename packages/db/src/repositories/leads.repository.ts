/** Leads: filtered keyset pages, tab counts, writes and de-duplication lookups; rows → domain DTOs. */
import {
  AWAITING_CONTACT_STATUSES,
  DEFAULT_LEAD_SORT,
  OPEN_STATUSES,
  CONTACTED_STATUSES,
  type Lead,
  type LeadCategory,
  type LeadListItem,
  type LeadPerson,
  type LeadSort,
  type LeadStatus,
  type LeadView,
  type ProgressLevel,
  leadSearchText,
  normalizeSearchText,
} from '@crm/domain';
import {
  type ExpressionBuilder,
  type Insertable,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  type Transaction,
  type Updateable,
  sql,
} from 'kysely';
import { databaseKindOf } from '../create-db.js';
import type { Database } from '../database.js';
import { lockLeadImports } from '../locks.js';
import type { LeadsTable } from '../tables/leads.table.js';
import type { Db, DbOrTrx } from '../types.js';
import { type LeadCursor, afterInMissingSegment, afterInValueSegment, planLeadSort, sortValueText } from './lead-sort.js';

export { type LeadCursor, decodeLeadCursor, encodeLeadCursor } from './lead-sort.js';

export interface LeadFilters {
  view?: LeadView;
  status?: LeadStatus;
  category?: LeadCategory;
  groupId?: number;
  q?: string;
  /** One person's leads, or (null) the unassigned ones. */
  assignedTo?: number | null;
}

export type LeadRow = Selectable<LeadsTable>;
export type NewLeadRow = Omit<Insertable<LeadsTable>, 'search_text'>;

// Written literally (the constants are ours), so the planner can match the partial indexes of migration 0820.
const statusList = (statuses: readonly string[]) => sql.raw(statuses.map((status) => `'${status}'`).join(', '));
const IS_CONTACTED = sql<SqlBool>`(leads.contacted_at is not null or leads.status in (${statusList(CONTACTED_STATUSES)}))`;
/** The domain's canBeMarkedContacted in SQL: the Leads Activos tab lists exactly the leads the card offers to mark. */
const MAY_BE_MARKED_CONTACTED = sql<SqlBool>`(leads.contacted_at is null and leads.status in (${statusList(AWAITING_CONTACT_STATUSES)}))`;

/**
 * Leads every list, count and search shows: not in a group an import job is still writing (no
 * one's yet, until the job publishes it; see import-jobs.repository.ts), nor in a group being
 * deleted (gone for the user at once, while the deletion sweep removes its leads in batches).
 */
export const IN_VISIBLE_GROUP = sql<SqlBool>`(leads.group_id is null
  or leads.group_id not in (select id from lead_groups where staged or deleted_at is not null))`;

export function toLeadDto(row: LeadRow): Lead {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    // Stored values come from our own schemas; an unknown one is shown with the spec's fallbacks by the UI.
    category: row.category as LeadCategory,
    description: row.description,
    status: row.status,
    assignedTo: row.assigned_to,
    groupId: row.group_id,
    contactedBy: row.contacted_by,
    contactedAt: row.contacted_at,
    address: row.address,
    domain: row.domain,
    createdAt: row.created_at,
  };
}

/** `search_text like '%term%'` with the user's own % _ \ taken literally (lead_search's trigram index serves it). */
function containsPattern(normalizedTerm: string): string {
  return `%${normalizedTerm.replace(/[\\%_]/g, '\\$&')}%`;
}

export function filterExpression(eb: ExpressionBuilder<Database, 'leads'>, filters: LeadFilters) {
  const conditions = [];
  if (filters.view === 'leads') {
    if (!filters.status) conditions.push(MAY_BE_MARKED_CONTACTED);
    if (filters.groupId === undefined) conditions.push(eb('leads.group_id', 'is', null));
  }
  // Ungrouped leads (the Leads Activos tab) are always visible: their partial index stays usable.
  if (filters.view !== 'leads' || filters.groupId !== undefined) conditions.push(IN_VISIBLE_GROUP);
  if (filters.view === 'contacted') conditions.push(IS_CONTACTED);
  if (filters.status) conditions.push(eb('leads.status', '=', filters.status));
  if (filters.category) conditions.push(eb('leads.category', '=', filters.category));
  if (filters.groupId !== undefined) conditions.push(eb('leads.group_id', '=', filters.groupId));
  if (filters.assignedTo !== undefined)
    conditions.push(eb('leads.assigned_to', filters.assignedTo === null ? 'is' : '=', filters.assignedTo));
  const q = filters.q ? normalizeSearchText(filters.q) : '';
  if (q)
    conditions.push(
      eb(
        'leads.id',
        'in',
        eb.selectFrom('lead_search').select('lead_search.lead_id').where('lead_search.search_text', 'like', containsPattern(q)),
      ),
    );
  return eb.and(conditions);
}

function selectListItems(db: DbOrTrx) {
  return db
    .selectFrom('leads')
    .leftJoin('users as assignee', 'assignee.id', 'leads.assigned_to')
    .leftJoin('users as contacter', 'contacter.id', 'leads.contacted_by')
    .leftJoin('conversation_tracking as tracking', 'tracking.lead_id', 'leads.id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('follow_ups')
          .select(['follow_ups.id', 'follow_ups.due_at'])
          .whereRef('follow_ups.lead_id', '=', 'leads.id')
          .where('follow_ups.done_at', 'is', null)
          .orderBy('follow_ups.due_at')
          .orderBy('follow_ups.id')
          .limit(1)
          .as('next_follow_up'),
      (join) => join.onTrue(),
    )
    .selectAll('leads')
    .select([
      'assignee.first_name as assignee_first_name',
      'assignee.last_name as assignee_last_name',
      'contacter.first_name as contacter_first_name',
      'contacter.last_name as contacter_last_name',
      'tracking.id as tracking_id',
      'tracking.progress_level as tracking_progress_level',
      'tracking.messages_from_lead as tracking_messages_from_lead',
      'tracking.messages_to_lead as tracking_messages_to_lead',
      'tracking.has_responded as tracking_has_responded',
      'tracking.last_contact_date as tracking_last_contact_date',
      'tracking.notes as tracking_notes',
      'next_follow_up.id as next_follow_up_id',
      'next_follow_up.due_at as next_follow_up_due_at',
    ]);
}

type ListRow = Awaited<ReturnType<ReturnType<typeof selectListItems>['executeTakeFirstOrThrow']>>;

function person(id: number | null, firstName: string | null | undefined, lastName: string | null | undefined): LeadPerson | null {
  // A left join with no match gives null names; a deleted user has already nulled the id (on delete set null).
  return id === null || firstName === undefined ? null : { id, firstName, lastName: lastName ?? null };
}

function toListItem(row: ListRow): LeadListItem {
  return {
    ...toLeadDto(row),
    assignee: row.assigned_to === null ? null : person(row.assigned_to, row.assignee_first_name, row.assignee_last_name),
    contactedByUser: row.contacted_by === null ? null : person(row.contacted_by, row.contacter_first_name, row.contacter_last_name),
    tracking:
      row.tracking_id === null
        ? null
        : {
            id: row.tracking_id,
            leadId: row.id,
            progressLevel: row.tracking_progress_level as ProgressLevel,
            messagesFromLead: row.tracking_messages_from_lead ?? 0,
            messagesToLead: row.tracking_messages_to_lead ?? 0,
            hasResponded: row.tracking_has_responded ?? false,
            lastContactDate: row.tracking_last_contact_date ?? '',
            notes: row.tracking_notes,
          },
    nextFollowUp:
      row.next_follow_up_id === null || row.next_follow_up_due_at === null
        ? null
        : { id: row.next_follow_up_id, dueAt: row.next_follow_up_due_at },
  };
}

/** A page of a list in `sort` (default createdAt:desc): `limit` rows after `cursor`, or every row when limit is undefined. */
export async function listLeads(
  db: DbOrTrx,
  filters: LeadFilters,
  page: { limit?: number; cursor?: LeadCursor; sort?: LeadSort } = {},
): Promise<{ items: LeadListItem[]; nextCursor: LeadCursor | null }> {
  const plan = planLeadSort(page.cursor?.sort ?? page.sort ?? DEFAULT_LEAD_SORT);
  const { cursor, limit } = page;
  const direction = plan.direction;
  const segment = (condition: RawBuilder<SqlBool>, orderByKey: boolean, rowLimit: number | undefined) => {
    let query = selectListItems(db)
      .select(sortValueText(plan).as('sort_value'))
      .where((eb) => filterExpression(eb, filters))
      .where(condition);
    if (orderByKey) query = query.orderBy(plan.key.value, direction);
    query = query.orderBy('leads.id', direction);
    // One extra row tells whether another page exists without a count.
    return (rowLimit === undefined ? query : query.limit(rowLimit + 1)).execute();
  };
  const rows = cursor?.segment === 'missing' ? [] : await segment(afterInValueSegment(plan, cursor), true, limit);
  let missingRows: typeof rows = [];
  const room = limit === undefined ? undefined : limit - rows.length;
  if (plan.key.missing && (room === undefined || room >= 0)) {
    missingRows = await segment(afterInMissingSegment(plan, cursor), false, room);
  }
  const all = [...rows.map((row) => ({ row, missing: false })), ...missingRows.map((row) => ({ row, missing: true }))];
  const hasMore = limit !== undefined && all.length > limit;
  const pageRows = hasMore ? all.slice(0, limit) : all;
  const last = pageRows.at(-1);
  return {
    items: pageRows.map(({ row }) => toListItem(row)),
    nextCursor:
      hasMore && last
        ? {
            sort: plan.sort,
            segment: last.missing ? 'missing' : 'value',
            value: last.missing ? null : last.row.sort_value,
            id: last.row.id,
          }
        : null,
  };
}

export async function countLeads(db: DbOrTrx, filters: LeadFilters): Promise<number> {
  const row = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => filterExpression(eb, filters))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findLeadListItem(db: DbOrTrx, id: number): Promise<LeadListItem | undefined> {
  const row = await selectListItems(db).where('leads.id', '=', id).executeTakeFirst();
  return row && toListItem(row);
}

/** The bare row, locked for the rest of the transaction so concurrent edits apply one after the other. */
export async function findLeadRowForUpdate(db: DbOrTrx, id: number): Promise<LeadRow | undefined> {
  return db.selectFrom('leads').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function findLeadRow(db: DbOrTrx, id: number): Promise<LeadRow | undefined> {
  return db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
}

function withSearchText<T extends { name: string; email?: string | null }>(values: T): T & { search_text: string } {
  return { ...values, search_text: leadSearchText(values.name, values.email) };
}

export async function insertLead(db: DbOrTrx, values: NewLeadRow): Promise<number> {
  const { id } = await db.insertInto('leads').values(withSearchText(values)).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The columns a bulk insert fills (the rest take their defaults) and the row's dedup keys (leadEmailKey / leadPhoneKey). */
export interface BulkLeadRow {
  name: string;
  email: string | null;
  phone: string | null;
  category: string;
  description: string | null;
  address: string | null;
  domain: string | null;
  group_id: number | null;
  created_by: number | null;
  email_key: string | null;
  phone_key: string | null;
}

/** Why insertFreshLeads left a row out: a lead with its email or (else) its phone exists already. */
export interface ExistingLeadMatch {
  /** Index of the row in the array given. */
  index: number;
  matched: 'email' | 'phone';
}

/**
 * Inserts the rows whose email and phone keys no lead has yet and answers the rows it left out
 * and the new leads' ids:
 * one INSERT … SELECT FROM unnest(arrays), twelve parameters whatever the batch size, so each
 * batch is one round trip and PostgreSQL parses one short statement. The rows must not repeat
 * keys among themselves (the statement does not see its own inserts). Inside an import,
 * prepareBulkLeadImport makes the two lookups per row index probes whatever the statistics say.
 */
export async function insertFreshLeads(
  db: DbOrTrx,
  rows: readonly BulkLeadRow[],
): Promise<{ leftOut: ExistingLeadMatch[]; insertedIds: number[] }> {
  if (rows.length === 0) return { leftOut: [], insertedIds: [] };
  const column = <K extends keyof BulkLeadRow>(key: K) => rows.map((row) => row[key]);
  const { rows: matches } = await sql<{ position: number; matched: 'email' | 'phone' | null; id: number | null }>`
    with batch as materialized (
      select input.*,
        case
          when exists (select 1 from leads where leads.email_key = input.email_key) then 'email'
          when exists (select 1 from leads where leads.phone_key = input.phone_key) then 'phone'
        end as matched
      from unnest(
        ${column('name')}::text[], ${column('email')}::text[], ${column('phone')}::text[], ${column('category')}::text[],
        ${column('description')}::text[], ${column('address')}::text[], ${column('domain')}::text[],
        ${column('group_id')}::int[], ${column('created_by')}::int[], ${rows.map((row) => leadSearchText(row.name, row.email))}::text[],
        ${column('email_key')}::text[], ${column('phone_key')}::text[]
      ) with ordinality as input(name, email, phone, category, description, address, domain, group_id, created_by, search_text,
        email_key, phone_key, position)
    ), inserted as (
      insert into leads (name, email, phone, category, description, address, domain, group_id, created_by, search_text)
      select name, email, phone, category, description, address, domain, group_id, created_by, search_text
      from batch where matched is null
      returning id
    )
    select position::int, matched, null::int as id from batch where matched is not null
    union all select null, null, id from inserted`.execute(db);
  return {
    leftOut: matches.flatMap((match) => (match.matched ? [{ index: match.position - 1, matched: match.matched }] : [])),
    insertedIds: matches.flatMap((match) => (match.id === null ? [] : [match.id])),
  };
}

/** Applies `changes`, keeping search_text in step with name and email. */
export async function updateLeadRow(
  db: DbOrTrx,
  current: LeadRow,
  changes: Omit<Updateable<LeadsTable>, 'search_text' | 'email_key' | 'phone_key'>,
): Promise<void> {
  const name = changes.name ?? current.name;
  const email = changes.email === undefined ? current.email : changes.email;
  await db
    .updateTable('leads')
    .set({ ...changes, search_text: leadSearchText(name, email), updated_at: new Date() })
    .where('id', '=', current.id)
    .execute();
}

/** How many open leads (not convertido or perdido) are assigned to a user. */
export async function countOpenLeadsAssignedTo(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('assigned_to', '=', userId)
    .where('status', 'in', [...OPEN_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Hands a user's open leads to another user, or to nobody; closed ones keep their assignee (and their credit). Answers their ids. */
export async function reassignOpenLeads(db: DbOrTrx, fromUserId: number, toUserId: number | null): Promise<number[]> {
  const rows = await db
    .updateTable('leads')
    .set({ assigned_to: toUserId, updated_at: new Date() })
    .where('assigned_to', '=', fromUserId)
    .where('status', 'in', [...OPEN_STATUSES])
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Deletes a lead; its history, notes and follow-ups go with it (on delete cascade). */
export async function deleteLeadRow(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('leads').where('id', '=', id).execute();
}

/**
 * Settings for one bulk import transaction (SET LOCAL: they end with it).
 * - The import only reads leads through their dedup key indexes; without this, a leads table with
 *   no statistics yet (a new install, or the rows this import just added) makes the planner read
 *   the whole table into a hash for every batch.
 * - deferSearchIndexMerge: the trigram indexes take the new rows into their pending lists (WAL-logged
 *   and searched like the rest of the index) instead of merging each batch into its trees; 64 MB
 *   holds a 10 MB file. mergePendingSearchEntries (or autovacuum) merges them afterwards.
 */
async function prepareBulkLeadImport(db: DbOrTrx, options: { deferSearchIndexMerge: boolean }): Promise<void> {
  await sql`select set_config('enable_seqscan', 'off', true)`.execute(db);
  if (options.deferSearchIndexMerge) await sql`select set_config('gin_pending_list_limit', '64MB', true)`.execute(db);
}

/** The trigram indexes an import's rows wait in (the transaction's pending-list limit covers all three). */
const SEARCH_INDEXES = ['lead_search_text_trgm_idx', 'lead_search_phone_trgm_idx', 'lead_search_domain_trgm_idx'];

/**
 * Merges the trigram indexes' pending lists into the indexes, so searches read the indexes alone
 * again. Only PostgreSQL defers the merge (see inLeadImportTransaction); on PGlite it does nothing.
 */
export async function mergePendingSearchEntries(db: Db): Promise<void> {
  if (databaseKindOf(db) !== 'postgres') return;
  for (const index of SEARCH_INDEXES) await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
}

/**
 * Runs `work` (an import's writes) in one transaction, after the imports before it, with the
 * bulk settings. On PostgreSQL the imported rows wait in the search indexes' pending lists until
 * the caller runs mergePendingSearchEntries (merging many batches at once costs far less than one
 * merge per batch); PGlite, one process without autovacuum, merges as it goes.
 */
export async function inLeadImportTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockLeadImports(trx);
    await prepareBulkLeadImport(trx, { deferSearchIndexMerge: databaseKindOf(db) === 'postgres' });
    return work(trx);
  });
}
