/**
 * An import's writes to leads: batches of new leads inserted in one statement each (their columns
 * encoded before the batch's transaction), the transaction every batch runs in, and the merge of
 * the search indexes' pending lists the batches leave on PostgreSQL.
 */
import { leadSearchText } from '@crm/domain';
import { type Transaction, sql } from 'kysely';
import type { Database } from '../database.js';
import { lockLeadImports, lockLeadImportsForBatch } from '../locks.js';
import type { Db, DbOrTrx } from '../types.js';
import { intArrayLiteral, textArrayLiteral } from './array-literal.js';

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
 * A batch of rows for insertFreshLeads, each column as one array parameter's text: encoding 2,000
 * rows' columns takes a few milliseconds, spent before the batch's transaction instead of during it.
 */
export interface EncodedLeadBatch {
  size: number;
  columns: {
    name: string;
    email: string;
    phone: string;
    category: string;
    description: string;
    address: string;
    domain: string;
    groupId: string;
    createdBy: string;
    searchText: string;
    emailKey: string;
    phoneKey: string;
    /** Ids reserved for the rows (reserveLeadIds), or nulls: the sequence gives them as they are inserted. */
    ids: string;
  };
}

/** `ids`: one per row, in order (reserveLeadIds). */
export function encodeLeadBatch(rows: readonly BulkLeadRow[], ids?: readonly number[]): EncodedLeadBatch {
  const text = (value: (row: BulkLeadRow) => string | null) => textArrayLiteral(rows.map(value));
  return {
    size: rows.length,
    columns: {
      name: text((row) => row.name),
      email: text((row) => row.email),
      phone: text((row) => row.phone),
      category: text((row) => row.category),
      description: text((row) => row.description),
      address: text((row) => row.address),
      domain: text((row) => row.domain),
      groupId: intArrayLiteral(rows.map((row) => row.group_id)),
      createdBy: intArrayLiteral(rows.map((row) => row.created_by)),
      searchText: text((row) => leadSearchText(row.name, row.email)),
      emailKey: text((row) => row.email_key),
      phoneKey: text((row) => row.phone_key),
      ids: intArrayLiteral(rows.map((_, index) => ids?.[index] ?? null)),
    },
  };
}

/**
 * Takes `count` lead ids from the sequence, ascending, for a batch written at the same time as
 * others: reserved in file order, they keep an import's leads in file order (the lists' tie-break
 * within one creation time) whichever batch inserts first.
 */
export async function reserveLeadIds(db: DbOrTrx, count: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select nextval('leads_id_seq'::regclass)::int as id from generate_series(1, ${count})`.execute(db);
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * Inserts the rows whose email and phone keys no lead has yet and answers the rows it left out
 * and the new leads' ids; `leaveOut` (indexes of rows) are neither inserted nor answered, so an
 * encoded batch serves whatever rows turn out to repeat earlier ones:
 * one INSERT … SELECT FROM unnest(arrays), a parameter per column whatever the batch size, so each
 * batch is one round trip and PostgreSQL parses one short statement. The rows must not repeat
 * keys among themselves (the statement does not see its own inserts). Inside an import,
 * prepareBulkLeadImport makes the two lookups per row index probes whatever the statistics say.
 * `stagedIn`: the rows go into that staged group and take its created_at.
 */
export async function insertFreshLeads(
  db: DbOrTrx,
  rows: readonly BulkLeadRow[] | EncodedLeadBatch,
  options: { leaveOut?: readonly number[]; stagedIn?: number } = {},
): Promise<{ leftOut: ExistingLeadMatch[]; insertedIds: number[] }> {
  const batch = 'columns' in rows ? rows : encodeLeadBatch(rows);
  const leftOutPositions = (options.leaveOut ?? []).map((index) => index + 1);
  if (batch.size === leftOutPositions.length) return { leftOut: [], insertedIds: [] };
  const column = batch.columns;
  // Into a staged group: the group's created_at, which the lists read around (staged-lead-time.repository.ts).
  const createdAt = options.stagedIn === undefined ? sql`now()` : sql`(select created_at from lead_groups where id = ${options.stagedIn})`;
  const { rows: matches } = await sql<{ position: number; matched: 'email' | 'phone' | null; id: number | null }>`
    with batch as materialized (
      select input.*,
        case
          when exists (select 1 from leads where leads.email_key = input.email_key) then 'email'
          when exists (select 1 from leads where leads.phone_key = input.phone_key) then 'phone'
        end as matched
      from unnest(
        ${column.name}::text[], ${column.email}::text[], ${column.phone}::text[], ${column.category}::text[],
        ${column.description}::text[], ${column.address}::text[], ${column.domain}::text[],
        ${column.groupId}::int[], ${column.createdBy}::int[], ${column.searchText}::text[],
        ${column.emailKey}::text[], ${column.phoneKey}::text[], ${column.ids}::int[]
      ) with ordinality as input(name, email, phone, category, description, address, domain, group_id, created_by, search_text,
        email_key, phone_key, id, position)
    ), inserted as (
      insert into leads (id, name, email, phone, category, description, address, domain, group_id, created_by, search_text, created_at)
      select coalesce(id, nextval('leads_id_seq'::regclass)), name, email, phone, category, description, address, domain,
        group_id, created_by, search_text, ${createdAt}
      from batch where matched is null and position <> all(${leftOutPositions}::int[])
      returning id
    )
    select position::int, matched, null::int as id from batch where matched is not null and position <> all(${leftOutPositions}::int[])
    union all select null, null, id from inserted`.execute(db);
  return {
    leftOut: matches.flatMap((match) => (match.matched ? [{ index: match.position - 1, matched: match.matched }] : [])),
    insertedIds: matches.flatMap((match) => (match.id === null ? [] : [match.id])),
  };
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
async function prepareBulkLeadImport(db: DbOrTrx): Promise<void> {
  await sql`select set_config('enable_seqscan', 'off', true), set_config('gin_pending_list_limit', '64MB', true)`.execute(db);
}

/** The trigram indexes an import's rows wait in (the transaction's pending-list limit covers all three). */
const SEARCH_INDEXES = ['lead_search_text_trgm_idx', 'lead_search_phone_trgm_idx', 'lead_search_domain_trgm_idx'];

/**
 * Merges the trigram indexes' pending lists into the indexes, so searches read the indexes alone
 * again (see inLeadImportTransaction).
 */
export async function mergePendingSearchEntries(db: Db): Promise<void> {
  for (const index of SEARCH_INDEXES) await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
}

/**
 * Runs `work` (an import's writes) in one transaction with the bulk settings, holding the lead-import
 * lock: exclusively, or shared when `batchOfWriterTurn` (a batch of the import that holds the import
 * writer's turn, see ImportWriterSession, which keeps other imports out while its batches run together).
 * The imported rows wait in the search indexes' pending lists until the caller runs
 * mergePendingSearchEntries (merging many batches at once costs far less than one merge per batch).
 * The settings are made before the lock
 * is asked for: every round trip after it is granted is time others may wait on this process.
 */
export async function inLeadImportTransaction<T>(
  db: Db,
  work: (trx: Transaction<Database>) => Promise<T>,
  options: { batchOfWriterTurn?: boolean } = {},
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await prepareBulkLeadImport(trx);
    await (options.batchOfWriterTurn ? lockLeadImportsForBatch(trx) : lockLeadImports(trx));
    return work(trx);
  });
}
