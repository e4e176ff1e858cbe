/** A web form's submissions as they are written: a new lead with its records in one statement, a known lead's log line, and their follow-ups. */
import { sql } from 'kysely';
import type { DbOrTrx } from '../types.js';
import { anyInt } from './int-array.js';
import { type NewLeadRow, withSearchText } from './leads.repository.js';

export interface NewWebFormSubmission {
  formId: number;
  leadId: number;
  outcome: 'created' | 'merged';
  pageUrl: string | null;
  referrer: string | null;
  utm: Record<string, string>;
  addressHash: string;
}

export interface WrittenSubmission {
  id: number;
  leadId: number;
  createdAt: Date;
}

/** The submission's log line, its follow-up still to run. */
export async function insertWebFormSubmission(db: DbOrTrx, values: NewWebFormSubmission): Promise<WrittenSubmission> {
  const row = await db
    .insertInto('web_form_submissions')
    .values({
      form_id: values.formId,
      lead_id: values.leadId,
      outcome: values.outcome,
      page_url: values.pageUrl,
      referrer: values.referrer,
      utm: JSON.stringify(values.utm),
      address_hash: values.addressHash,
      awaiting_follow_up: true,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, leadId: values.leadId, createdAt: row.created_at };
}

/** What a form's new lead records besides itself: its history entries and activity line, in that order. */
export interface NewFormLeadRecords {
  history: { type: string; changes: Record<string, unknown> }[];
  activity: string;
  submission: Omit<NewWebFormSubmission, 'leadId' | 'outcome'>;
}

/**
 * A form's new lead, its history, its activity line and its submission (follow-up pending), in one
 * statement. Undefined when the lead's email or phone key is already taken (a unique index: a
 * concurrent submission of the same visitor committed first): nothing is written then.
 */
export async function insertWebFormLead(
  db: DbOrTrx,
  lead: NewLeadRow,
  records: NewFormLeadRecords,
): Promise<WrittenSubmission | undefined> {
  const row = withSearchText(lead);
  const { submission } = records;
  const { rows } = await sql<{ id: number; lead_id: number; created_at: Date }>`
    with lead as (
      insert into leads (name, email, phone, category, description, address, domain, custom_fields, search_text)
      values (${row.name}, ${row.email ?? null}, ${row.phone ?? null}, ${row.category}, ${row.description ?? null},
        ${row.address ?? null}, ${row.domain ?? null}, ${row.custom_fields ?? '{}'}::jsonb, ${row.search_text})
      on conflict do nothing
      returning id
    ), history as (
      insert into lead_history (lead_id, type, changes)
      select lead.id, entry.type, entry.changes::jsonb
      from lead, unnest(${records.history.map((entry) => entry.type)}::text[], ${records.history.map((entry) => JSON.stringify(entry.changes))}::text[])
        with ordinality as entry(type, changes, position)
      order by entry.position
    ), activity as (
      insert into activities (type, description, lead_id) select 'lead_created', ${records.activity}, id from lead
    )
    insert into web_form_submissions (form_id, lead_id, outcome, page_url, referrer, utm, address_hash, awaiting_follow_up)
    select ${submission.formId}, id, 'created', ${submission.pageUrl}, ${submission.referrer}, ${JSON.stringify(submission.utm)}::jsonb,
      ${submission.addressHash}, true
    from lead
    returning id, lead_id, created_at`.execute(db);
  const written = rows[0];
  return written && { id: written.id, leadId: written.lead_id, createdAt: written.created_at };
}

/** A submission whose follow-up this transaction took, with what the follow-up needs of its form and lead. */
export interface SubmissionToFollowUp {
  id: number;
  createdAt: Date;
  outcome: 'created' | 'merged';
  pageUrl: string | null;
  referrer: string | null;
  utm: Record<string, string>;
  form: { id: number; slug: string; name: string; roleId: number | null };
  /** Null when the lead went meanwhile. */
  lead: { id: number; assignedTo: number | null } | null;
}

/**
 * Takes the follow-ups of `ids` still pending, marking them done: under the rows' locks until the
 * transaction ends, so a job run twice (a retry after a commit) follows each submission up once.
 * The leads of the new ones come locked as well, so nobody assigns one while it is handed out.
 */
export async function takeSubmissionFollowUps(trx: DbOrTrx, ids: readonly number[]): Promise<SubmissionToFollowUp[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{
    id: number;
    created_at: Date;
    outcome: 'created' | 'merged';
    page_url: string | null;
    referrer: string | null;
    utm: Record<string, string>;
    form_id: number;
    slug: string;
    name: string;
    role_id: number | null;
    lead_id: number | null;
    assigned_to: number | null;
  }>`
    with taken as (
      update web_form_submissions set awaiting_follow_up = false
      where id = ${anyInt(ids)} and awaiting_follow_up
      returning id, created_at, outcome, page_url, referrer, utm, form_id, lead_id
    ), locked as (
      select leads.id, leads.assigned_to from leads where leads.id in (select lead_id from taken) order by leads.id for update
    )
    select taken.id, taken.created_at, taken.outcome, taken.page_url, taken.referrer, taken.utm, taken.form_id,
      f.slug, f.name, f.role_id, locked.id as lead_id, locked.assigned_to
    from taken join web_forms f on f.id = taken.form_id left join locked on locked.id = taken.lead_id
    order by taken.id`.execute(trx);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    outcome: row.outcome,
    pageUrl: row.page_url,
    referrer: row.referrer,
    utm: row.utm,
    form: { id: row.form_id, slug: row.slug, name: row.name, roleId: row.role_id },
    lead: row.lead_id === null ? null : { id: row.lead_id, assignedTo: row.assigned_to },
  }));
}

/** Submissions whose follow-up never ran (its job lost with a replica's queue, or failed for good): the sweep's. */
export async function listStaleFollowUps(db: DbOrTrx, olderThanSeconds: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('web_form_submissions')
    .select('id')
    .where('awaiting_follow_up', '=', true)
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
