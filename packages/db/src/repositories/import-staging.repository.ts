/**
 * An import's rows, staged and then published (docs/import-format.md, 'Cómo se guarda'):
 * 1. while the file is read, every data row is COPYed into `import_job_rows`, a chunk at a time: the
 *    lead's columns as the domain checked them, or the problem that skips it;
 * 2. meanwhile, in the caller's one transaction, each committed chunk's new leads are inserted in file
 *    order with their history. The leads' unique key indexes decide the duplicates: a row whose email
 *    or phone a lead already has (one from before, one an earlier row of the file became, or one
 *    someone else committed meanwhile) is skipped by the insert (ON CONFLICT). 'Actualizar los
 *    existentes' first skips the chunk's repetitions of earlier rows and matches the rest to existing
 *    leads, updated at the end;
 * 3. the skipped rows are kept as the job's rejects and the staged rows go.
 * A row's fate depends only on the rows before it, so a chunk is decided for good once it and the
 * chunks before it are staged.
 */
import { once } from 'node:events';
import { sql } from 'kysely';
import type pg from 'pg';
import { type CopyStreamQuery, from as copyFrom } from 'pg-copy-streams';
import { type BackgroundDatabase, lowerBackendPriority } from '../background-priority.js';
import { createListenClient } from '../listen-client.js';
import type { DbOrTrx } from '../types.js';
import { anyInt } from './int-array.js';

/** The lead columns of a row the domain accepted. */
export interface StagedLead {
  name: string;
  email: string | null;
  phone: string | null;
  category: string;
  description: string | null;
  address: string | null;
  domain: string | null;
  emailKey: string | null;
  phoneKey: string | null;
  /** leadSearchText of the row's name and email. */
  searchText: string;
  /** The row's custom values by key (checked by the domain's importCustomValues). */
  customFields: Record<string, unknown>;
  /** The primary contact the row names, if it names one. */
  contact: StagedContact | null;
}

export interface StagedContact {
  name: string;
  cargo: string | null;
  email: string | null;
  phone: string | null;
  /** leadSearchText of the contact's name and email. */
  searchText: string;
}

export type StagedImportRow = { row: number; cells: readonly string[] } & ({ lead: StagedLead } | { problem: string });

/** The Spanish reasons a row is skipped for, as errors.csv words them. */
export interface SkipReasons {
  repeatedEmail: string;
  repeatedPhone: string;
  existingEmail: string;
  existingPhone: string;
}

const COPY_COLUMNS = [
  'job_id',
  'row_number',
  'cells',
  'name',
  'email',
  'phone',
  'category',
  'description',
  'address',
  'domain',
  'email_key',
  'phone_key',
  'search_text',
  'contact_name',
  'contact_cargo',
  'contact_email',
  'contact_phone',
  'contact_search_text',
  'problem',
  'custom_fields',
] as const;
/** Text handed to the COPY stream at once: fewer, larger writes. */
const COPY_FLUSH_CHARS = 256 * 1024;

/** COPY's text format: `\N` is null; backslash, tab and line breaks are escaped. */
function copyField(value: string | number | null): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return value.replace(/[\\\t\n\r]/g, (char) => (char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r'));
}

function copyLine(jobId: number, staged: StagedImportRow): string {
  const lead = 'lead' in staged ? staged.lead : undefined;
  const fields = [
    jobId,
    staged.row,
    JSON.stringify(staged.cells),
    lead?.name ?? null,
    lead?.email ?? null,
    lead?.phone ?? null,
    lead?.category ?? null,
    lead?.description ?? null,
    lead?.address ?? null,
    lead?.domain ?? null,
    lead?.emailKey ?? null,
    lead?.phoneKey ?? null,
    lead?.searchText ?? null,
    lead?.contact?.name ?? null,
    lead?.contact?.cargo ?? null,
    lead?.contact?.email ?? null,
    lead?.contact?.phone ?? null,
    lead?.contact?.searchText ?? null,
    'problem' in staged ? staged.problem : null,
    lead && Object.keys(lead.customFields).length > 0 ? JSON.stringify(lead.customFields) : null,
  ];
  return `${fields.map(copyField).join('\t')}\n`;
}

/**
 * The COPY into import_job_rows on a connection of its own: rows are written, committed a chunk at a
 * time (each chunk its own COPY, so the publishing transaction can decide it while the next is read),
 * and the COPY ends (or is aborted).
 */
export interface ImportRowsCopy {
  write(row: StagedImportRow): Promise<void>;
  /** Commits the rows written since the last commit and refreshes the planner's statistics of the table. */
  commit(): Promise<void>;
  /** Commits the last rows and closes the connection. */
  end(): Promise<void>;
  abort(): Promise<void>;
}

export async function openImportRowsCopy(database: BackgroundDatabase, jobId: number): Promise<ImportRowsCopy> {
  const client: pg.Client = createListenClient(database.url);
  client.on('error', () => undefined);
  await client.connect();
  await lowerBackendPriority(client, database);
  let stream: CopyStreamQuery | undefined;
  let failure: Error | undefined;
  const throwIfFailed = () => {
    if (failure) throw failure;
  };
  const openStream = () => {
    const opened = client.query(copyFrom(`copy import_job_rows (${COPY_COLUMNS.join(', ')}) from stdin`));
    opened.on('error', (error: Error) => {
      failure = error;
    });
    return opened;
  };
  let pending = '';
  const flush = async () => {
    throwIfFailed();
    const chunk = pending;
    pending = '';
    if (!chunk) return;
    stream ??= openStream();
    // once() rejects when the stream errors meanwhile (the server refused a row).
    if (!stream.write(chunk)) await once(stream, 'drain');
  };
  const commit = async () => {
    await flush();
    if (!stream) return;
    const ending = stream;
    stream = undefined;
    ending.end();
    await once(ending, 'finish');
    throwIfFailed();
    await client.query(ANALYZE_STAGED_ROWS);
  };
  const close = () => client.end().catch(() => undefined);
  return {
    async write(row) {
      pending += copyLine(jobId, row);
      if (pending.length >= COPY_FLUSH_CHARS) await flush();
    },
    commit,
    async end() {
      try {
        await commit();
      } finally {
        await close();
      }
    },
    async abort() {
      stream?.destroy();
      await close();
    },
  };
}

/**
 * Gives the planner statistics of the rows just COPYed: without them it takes the staging table for
 * a few rows and joins a chunk's thousands of rows to the leads it inserts by nested loops. Only the
 * columns the publishing statements filter, group or join on, each sampled on 3,000 rows (migration
 * 2026-11-29T0500): the wide ones (the file's cells, the texts) would cost most of the time and tell
 * the planner nothing. On the staging connection: in the publishing transaction, ANALYZE's lock
 * would make two imports publish in turn.
 */
const ANALYZE_STAGED_ROWS = 'analyze import_job_rows (job_id, row_number, problem, conflict, matched_lead_id, email_key, phone_key)';

/** A chunk of the file's rows, by row number (inclusive), every one of them staged. */
export interface StagedRange {
  fromRow: number;
  toRow: number;
}

/**
 * 'Actualizar los existentes' decides repetitions before it matches rows to leads (a row repeating an
 * earlier one updates nothing): a row of the range that has the email (else the phone) of an earlier
 * row the import keeps is skipped as a repetition; a row skipped so frees its other key for later
 * rows. The earlier chunks are decided: the row they kept with each of the range's keys (at most one
 * per key) is found by index. Decided in rounds: a row no earlier row shares a key with is kept for
 * sure, and the rows repeating such a row are skipped; each round settles at least the earliest open
 * row, and chains (a row repeating a row that itself repeats) are rare, so a range takes a round or two.
 */
export async function skipRepeatedRows(db: DbOrTrx, jobId: number, range: StagedRange, reasons: SkipReasons): Promise<void> {
  // LIMIT 1 keeps each lookup a probe of the key's index, whatever the planner guesses of the range.
  const earlierKept = (key: 'email_key' | 'phone_key') => sql`
    select e.row_number, e.email_key, e.phone_key from range_rows k cross join lateral (
      select row_number, email_key, phone_key from import_job_rows e
      where e.job_id = ${jobId} and e.${sql.ref(key)} = k.${sql.ref(key)} and e.row_number < ${range.fromRow} and e.problem is null
      limit 1) e`;
  for (;;) {
    const { rows } = await sql<{ open: number }>`with range_rows as materialized (
        select row_number, email_key, phone_key from import_job_rows
        where job_id = ${jobId} and row_number between ${range.fromRow} and ${range.toRow} and problem is null
      ), open_rows as (
        select row_number, email_key, phone_key,
          min(row_number) over (partition by email_key) as first_email,
          min(row_number) over (partition by phone_key) as first_phone
        from (select * from range_rows union select * from (${earlierKept('email_key')}) by_email
          union select * from (${earlierKept('phone_key')}) by_phone) candidates
      ), kept as (
        select row_number from open_rows
        where (email_key is null or first_email = row_number) and (phone_key is null or first_phone = row_number)
      ), decided as (
        select o.row_number, o.row_number in (select row_number from kept) as is_kept,
          o.email_key is not null and o.first_email < o.row_number and o.first_email in (select row_number from kept) as by_email,
          o.phone_key is not null and o.first_phone < o.row_number and o.first_phone in (select row_number from kept) as by_phone
        from open_rows o where o.row_number >= ${range.fromRow}
      ), repeated as (
        update import_job_rows r set problem = case when decided.by_email then ${reasons.repeatedEmail} else ${reasons.repeatedPhone} end
        from decided
        where r.job_id = ${jobId} and r.row_number = decided.row_number and (decided.by_email or decided.by_phone)
      )
      select count(*)::int as open from decided where not (is_kept or by_email or by_phone)`.execute(db);
    // Rows repeating a row that is itself open wait for the next round.
    if (!rows[0]?.open) return;
  }
}

const inRange = (jobId: number, range: StagedRange) =>
  sql`r.job_id = ${jobId} and r.row_number between ${range.fromRow} and ${range.toRow}`;

/** An earlier row of the file with row r's key (whether that row became a lead or was skipped for one that has the key). */
const earlierRowHas = (key: 'email_key' | 'phone_key') =>
  sql`exists (select 1 from import_job_rows e where e.job_id = r.job_id and e.${sql.ref(key)} = r.${sql.ref(key)}
    and e.row_number < r.row_number and e.problem is null)`;

/**
 * The reason of a row the insert skipped because a lead has its key: its email if a lead has it, else
 * its phone; 'in the file' when an earlier row of the file has that key (the lead is then that row's,
 * or the one that row was skipped for), else 'already exists'.
 */
const TAKEN_REASON = (reasons: SkipReasons) => sql<string>`case
    when exists (select 1 from leads l where l.email_key = r.email_key)
      then case when ${earlierRowHas('email_key')} then ${reasons.repeatedEmail} else ${reasons.existingEmail} end
    when ${earlierRowHas('phone_key')} then ${reasons.repeatedPhone}
    else ${reasons.existingPhone} end`;

/**
 * Update mode: each row of the range takes the existing lead it matches, by email first, else by
 * phone. Never a lead an earlier chunk inserted: a row sharing a key with it repeats its row.
 */
export async function matchRowsToExistingLeads(db: DbOrTrx, jobId: number, range: StagedRange): Promise<void> {
  await sql`update import_job_rows r set matched_lead_id = coalesce(
      (select l.id from leads l where l.email_key = r.email_key order by l.email_key_rank limit 1),
      (select l.id from leads l where l.phone_key = r.phone_key order by l.phone_key_rank limit 1))
    where ${inRange(jobId, range)} and r.problem is null and (r.email_key is not null or r.phone_key is not null)`.execute(db);
}

/** Rows of the range that become or change a lead. */
export async function countAcceptedRows(db: DbOrTrx, jobId: number, range: StagedRange): Promise<number> {
  const { rows } = await sql<{ accepted: number }>`
    select count(*)::int as accepted from import_job_rows r
    where ${inRange(jobId, range)} and r.problem is null and r.conflict is null`.execute(db);
  return rows[0]?.accepted ?? 0;
}

const IMPORTED_FIELDS = ['name', 'category', 'email', 'phone', 'description', 'address', 'domain'] as const;

/** The rows that update a lead: where several rows match one lead, the last of them (the file's latest word). */
function lastRowPerLead(jobId: number) {
  return sql`(select distinct on (matched_lead_id) * from import_job_rows
    where job_id = ${jobId} and problem is null and conflict is null and matched_lead_id is not null
    order by matched_lead_id, row_number desc)`;
}

/**
 * 'Actualizar los existentes': each matched lead takes the row's values (a field the file leaves
 * empty keeps its value; a phone another lead has is left as it was), after an 'edited' history
 * entry with the fields that change (old → new) and the import.
 */
export async function updateMatchedLeads(db: DbOrTrx, job: { jobId: number; actorId: number; groupName: string }): Promise<void> {
  const { jobId, actorId, groupName } = job;
  const fieldChanges = IMPORTED_FIELDS.map((field) => {
    const incoming = sql.ref(`r.${field}`);
    const current = sql.ref(`l.${field}`);
    const nullable = field !== 'name' && field !== 'category';
    const changes = nullable
      ? sql`${incoming} is not null and ${incoming} is distinct from ${current}`
      : sql`${incoming} is distinct from ${current}`;
    return sql`case when ${changes} then jsonb_build_object(${field}::text, jsonb_build_object('from', ${current}, 'to', ${incoming})) else '{}'::jsonb end`;
  });
  // Each custom value the row brings that differs from the lead's, as `customFields.<key>` (old → new).
  const customChanges = sql`coalesce((select jsonb_object_agg('customFields.' || e.key, jsonb_build_object('from', l.custom_fields -> e.key, 'to', e.value))
      from jsonb_each(coalesce(r.custom_fields, '{}'::jsonb)) e where l.custom_fields -> e.key is distinct from e.value), '{}'::jsonb)`;
  await sql`insert into lead_history (lead_id, type, actor_id, changes)
    select lead_id, 'edited', ${actorId}, fields || jsonb_build_object('import', jsonb_build_object('jobId', ${jobId}::int, 'groupName', ${groupName}::text))
    from (
      select r.matched_lead_id as lead_id, ${sql.join(fieldChanges, sql` || `)} || ${customChanges} as fields
      from ${lastRowPerLead(jobId)} r join leads l on l.id = r.matched_lead_id
      order by r.row_number
    ) as edits
    where fields <> '{}'::jsonb`.execute(db);
  await sql`update leads l set name = r.name, category = r.category, email = coalesce(r.email, l.email),
      phone = case when r.phone is null or exists (select 1 from leads o where o.phone_key = r.phone_key and o.id <> l.id)
        then l.phone else r.phone end,
      description = coalesce(r.description, l.description), address = coalesce(r.address, l.address),
      domain = coalesce(r.domain, l.domain), -- Emails are ASCII (the domain's check), so lower() is the search text's normalisation of the lead's own.
      search_text = case when r.email is null and l.email is not null then r.search_text || ' ' || lower(l.email) else r.search_text end,
      -- A custom value the file leaves empty keeps the lead's, like the columns above.
      custom_fields = l.custom_fields || coalesce(r.custom_fields, '{}'::jsonb),
      updated_at = now()
    from ${lastRowPerLead(jobId)} r where r.matched_lead_id = l.id`.execute(db);
}

/**
 * 'Actualizar los existentes' with a contact column: a matched lead gains the row's contact unless
 * it already has a contact of that name (case aside); it becomes the primary when the
 * lead had none. Each contact added writes a 'contact_added' history entry.
 */
export async function addContactsOfMatchedRows(db: DbOrTrx, job: { jobId: number; actorId: number; groupName: string }): Promise<void> {
  await sql`with added as (
      insert into contacts (lead_id, name, cargo, email, phone, is_primary, search_text, created_by)
      select r.matched_lead_id, r.contact_name, r.contact_cargo, r.contact_email, r.contact_phone,
        not exists (select 1 from contacts c where c.lead_id = r.matched_lead_id and c.is_primary), r.contact_search_text, ${job.actorId}::int
      from ${lastRowPerLead(job.jobId)} r
      where r.contact_name is not null and not exists (
        select 1 from contacts c where c.lead_id = r.matched_lead_id and lower(c.name) = lower(r.contact_name))
      order by r.row_number
      returning id, lead_id, name, is_primary
    )
    insert into lead_history (lead_id, type, actor_id, changes)
    select lead_id, 'contact_added', ${job.actorId}::int, jsonb_build_object('contact', jsonb_build_object('id', id, 'name', name),
      'isPrimary', is_primary, 'import', jsonb_build_object('jobId', ${job.jobId}::int, 'groupName', ${job.groupName}::text))
    from added order by id`.execute(db);
}

/**
 * The new leads of rows `fromRow` … `toRow` (inclusive), in file order, in one statement: ids taken
 * in that order, the leads inserted with the group and creator, and for each one that went in its
 * primary contact (the row's, if it names one) and its 'imported' history entry. A row whose email
 * or phone a lead already has is not inserted (ON CONFLICT: a lead from before, one an earlier row
 * of the file became, even earlier in this statement, or one another writer committed meanwhile):
 * it is skipped as a duplicate, with TAKEN_REASON. Answers the new leads' ids in file order.
 */
export async function insertNewLeadsOfRows(
  db: DbOrTrx,
  job: { jobId: number; groupId: number; actorId: number; importedFrom: Record<string, unknown> },
  range: StagedRange,
  reasons: SkipReasons,
): Promise<number[]> {
  const { jobId } = job;
  const { rows } = await sql<{ id: number; row_number: number; inserted: boolean }>`
    with numbered as materialized (
      select o.*, nextval('leads_id_seq'::regclass)::int as id
      from (select r.* from import_job_rows r
        where ${inRange(jobId, range)} and r.problem is null and r.conflict is null and r.matched_lead_id is null
        order by r.row_number) o
    ), inserted as (
      insert into leads (id, name, email, phone, category, description, address, domain, group_id, created_by, search_text, custom_fields)
      select n.id, n.name, n.email, n.phone, n.category, n.description, n.address, n.domain, ${job.groupId}::int, ${job.actorId}::int,
        n.search_text, coalesce(n.custom_fields, '{}'::jsonb)
      from numbered n order by n.row_number
      on conflict do nothing
      returning id
    ), new_rows as (
      select n.* from numbered n join inserted using (id)
    ), primary_contacts as (
      insert into contacts (lead_id, name, cargo, email, phone, is_primary, search_text, created_by)
      select n.id, n.contact_name, n.contact_cargo, n.contact_email, n.contact_phone, true, n.contact_search_text, ${job.actorId}::int
      from new_rows n where n.contact_name is not null order by n.row_number
    ), history as (
      insert into lead_history (lead_id, type, actor_id, changes)
      select n.id, 'imported', ${job.actorId}::int, ${JSON.stringify(job.importedFrom)}::jsonb
      from new_rows n order by n.row_number
    )
    select n.id, n.row_number, i.id is not null as inserted
    from numbered n left join inserted i on i.id = n.id order by n.row_number`.execute(db);
  const taken = rows.filter((row) => !row.inserted).map((row) => row.row_number);
  if (taken.length > 0) {
    await sql`update import_job_rows r set conflict = ${TAKEN_REASON(reasons)}
      where r.job_id = ${jobId} and r.row_number = ${anyInt(taken)}`.execute(db);
  }
  return rows.filter((row) => row.inserted).map((row) => row.id);
}

/**
 * The selects this import created take the values its accepted rows gave them that they do not
 * list yet, in the order the file first shows them (the worker already unified their spellings).
 */
export async function growImportedSelectOptions(db: DbOrTrx, jobId: number, fieldIds: readonly number[]): Promise<void> {
  if (fieldIds.length === 0) return;
  await sql`update custom_field_definitions d set options = d.options || coalesce((
      select jsonb_agg(found.value order by found.first_row) from (
        select r.custom_fields ->> d.key as value, min(r.row_number) as first_row
        from import_job_rows r
        where r.job_id = ${jobId} and r.problem is null and r.conflict is null and r.custom_fields ? d.key
        group by 1
      ) found
      where not exists (select 1 from jsonb_array_elements_text(d.options) known where lower(known) = lower(found.value))
    ), '[]'::jsonb), updated_at = now()
    where d.id = ${anyInt(fieldIds)}`.execute(db);
}

export interface StagedOutcome {
  rowsRead: number;
  imported: number;
  updated: number;
  skipped: number;
}

/** What the staged rows came to (after the steps above, or before them: then only the checks' problems count). */
export async function stagedOutcome(db: DbOrTrx, jobId: number): Promise<StagedOutcome> {
  const { rows } = await sql<{ rows_read: number; imported: number; updated: number; skipped: number }>`
    select count(*)::int as rows_read,
      count(*) filter (where problem is null and conflict is null and matched_lead_id is null)::int as imported,
      count(*) filter (where problem is null and conflict is null and matched_lead_id is not null)::int as updated,
      count(*) filter (where problem is not null or conflict is not null)::int as skipped
    from import_job_rows where job_id = ${jobId}`.execute(db);
  const row = rows[0];
  return { rowsRead: row?.rows_read ?? 0, imported: row?.imported ?? 0, updated: row?.updated ?? 0, skipped: row?.skipped ?? 0 };
}

/** The skipped rows become the job's rejects (errors.csv) and the staged rows go. */
export async function settleStagedRows(db: DbOrTrx, jobId: number): Promise<void> {
  await sql`insert into import_job_rejects (job_id, row_number, cells, reason)
    select job_id, row_number, cells, coalesce(problem, conflict) from import_job_rows
    where job_id = ${jobId} and (problem is not null or conflict is not null)
    on conflict do nothing`.execute(db);
  await dropStagedRows(db, jobId);
}

export async function dropStagedRows(db: DbOrTrx, jobId: number): Promise<void> {
  await sql`delete from import_job_rows where job_id = ${jobId}`.execute(db);
}
