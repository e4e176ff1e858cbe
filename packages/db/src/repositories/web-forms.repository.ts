/** Web forms: the forms, their submissions, and the rows that keep spam out (per-address hits, spent challenges, the signing secret). */
import type { LeadCategory, WebForm, WebFormSubmission } from '@crm/domain';
import { type Insertable, sql } from 'kysely';
import type { WebFormFieldSettingJson, WebFormsTable } from '../tables/web-forms.table.js';
import type { DbOrTrx } from '../types.js';

export interface WebFormValues {
  slug: string;
  name: string;
  fields: WebFormFieldSettingJson[];
  category: string | null;
  roleId: number | null;
  thankYouText: string;
  redirectUrl: string | null;
  allowedOrigins: string[];
  active: boolean;
}

function toColumns(values: Partial<WebFormValues>) {
  return {
    slug: values.slug,
    name: values.name,
    fields: values.fields === undefined ? undefined : JSON.stringify(values.fields),
    category: values.category,
    role_id: values.roleId,
    thank_you_text: values.thankYouText,
    redirect_url: values.redirectUrl,
    allowed_origins: values.allowedOrigins,
    active: values.active,
  };
}

export async function insertWebForm(db: DbOrTrx, values: WebFormValues, createdBy: number): Promise<number> {
  const row = { ...toColumns(values), created_by: createdBy } as Insertable<WebFormsTable>;
  const { id } = await db.insertInto('web_forms').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Applies the given settings; false when there is no such form. */
export async function updateWebForm(db: DbOrTrx, id: number, values: Partial<WebFormValues>): Promise<boolean> {
  const result = await db
    .updateTable('web_forms')
    .set({ ...toColumns(values), updated_at: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the form and its submissions (the leads stay). */
export async function deleteWebForm(db: DbOrTrx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('web_forms').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

function selectForms(db: DbOrTrx) {
  return db
    .selectFrom('web_forms as f')
    .leftJoin('custom_roles as r', 'r.id', 'f.role_id')
    .select([
      'f.id',
      'f.slug',
      'f.name',
      'f.fields',
      'f.category',
      'f.role_id',
      'r.display_name as role_name',
      'f.thank_you_text',
      'f.redirect_url',
      'f.allowed_origins',
      'f.active',
      'f.created_at',
      // Per form, from its index: a handful of forms, each counted without reading the others'.
      (eb) =>
        eb
          .selectFrom('web_form_submissions as s')
          .whereRef('s.form_id', '=', 'f.id')
          .select((inner) => inner.fn.countAll<string>().as('count'))
          .as('submissions'),
      (eb) =>
        eb
          .selectFrom('web_form_submissions as s')
          .whereRef('s.form_id', '=', 'f.id')
          .select((inner) => inner.fn.max('s.created_at').as('last'))
          .as('last_submission_at'),
    ]);
}

type FormRow = Awaited<ReturnType<ReturnType<typeof selectForms>['executeTakeFirstOrThrow']>>;

function toWebForm(row: FormRow): WebForm {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    fields: row.fields,
    category: row.category as LeadCategory | null,
    roleId: row.role_id,
    roleName: row.role_name,
    thankYouText: row.thank_you_text,
    redirectUrl: row.redirect_url,
    allowedOrigins: row.allowed_origins,
    active: row.active,
    submissions: Number(row.submissions ?? 0),
    lastSubmissionAt: row.last_submission_at ? new Date(row.last_submission_at) : null,
    createdAt: row.created_at,
  };
}

export async function listWebForms(db: DbOrTrx): Promise<WebForm[]> {
  const rows = await selectForms(db).orderBy('f.name').orderBy('f.id').execute();
  return rows.map(toWebForm);
}

export async function findWebForm(db: DbOrTrx, id: number): Promise<WebForm | undefined> {
  const row = await selectForms(db).where('f.id', '=', id).executeTakeFirst();
  return row && toWebForm(row);
}

/** What the public door needs of a form, by its slug (active or not: the caller decides). */
export async function findWebFormBySlug(db: DbOrTrx, slug: string) {
  const row = await db
    .selectFrom('web_forms')
    .select(['id', 'slug', 'name', 'fields', 'category', 'role_id', 'thank_you_text', 'redirect_url', 'allowed_origins', 'active'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      slug: row.slug,
      name: row.name,
      fields: row.fields,
      category: row.category as LeadCategory | null,
      roleId: row.role_id,
      thankYouText: row.thank_you_text,
      redirectUrl: row.redirect_url,
      allowedOrigins: row.allowed_origins,
      active: row.active,
    }
  );
}
export type PublicWebForm = NonNullable<Awaited<ReturnType<typeof findWebFormBySlug>>>;

/** Newest first: `limit` submissions of the form before the submission id `before` (from the newest when absent). */
export async function listWebFormSubmissions(
  db: DbOrTrx,
  formId: number,
  page: { before?: number; limit: number },
): Promise<{ items: WebFormSubmission[]; nextCursor: number | null }> {
  let query = db
    .selectFrom('web_form_submissions as s')
    .leftJoin('leads as l', 'l.id', 's.lead_id')
    .select(['s.id', 's.form_id', 's.lead_id', 'l.name as lead_name', 's.outcome', 's.page_url', 's.referrer', 's.utm', 's.created_at'])
    .where('s.form_id', '=', formId)
    .orderBy('s.id', 'desc')
    .limit(page.limit + 1);
  if (page.before !== undefined) query = query.where('s.id', '<', page.before);
  const rows = await query.execute();
  const hasMore = rows.length > page.limit;
  const items = (hasMore ? rows.slice(0, page.limit) : rows).map((row) => ({
    id: row.id,
    formId: row.form_id,
    leadId: row.lead_id,
    leadName: row.lead_name,
    outcome: row.outcome,
    pageUrl: row.page_url,
    referrer: row.referrer,
    utm: row.utm,
    createdAt: row.created_at,
  }));
  return { items, nextCursor: hasMore ? (items.at(-1)?.id ?? null) : null };
}

const since = (windowSeconds: number) => sql`now() - make_interval(secs => ${windowSeconds})`;

/** A submission's spam check (docs/web-forms.md, 'Spam defences'): the proof it brought, when that proof verified. */
export interface SubmissionProof {
  signature: string;
  expiresAt: Date;
}

/**
 * Counts one submission for the address unless it already has `limit` inside the window and, when
 * it counted, marks the proof of work spent. One statement: the upsert locks the address's row, so
 * concurrent requests on any replica queue on it and at most `limit` of them count; a proof already
 * spent (a replay) is not spent again. `proof` null: it did not verify, only the hit counts.
 */
export async function admitWebFormSubmission(
  db: DbOrTrx,
  address: { hash: string; limit: number; windowSeconds: number },
  proof: SubmissionProof | null,
): Promise<{ withinLimit: boolean; proofSpent: boolean }> {
  const { rows } = await sql<{ within_limit: boolean; proof_spent: boolean }>`
    with hit as (
      insert into web_form_address_hits as t (address_hash, hit_at)
      values (${address.hash}, array[now()])
      on conflict (address_hash) do update
        set hit_at = array(select a from unnest(t.hit_at) a where a > ${since(address.windowSeconds)} order by a) || now()
        where (select count(*) from unnest(t.hit_at) a where a > ${since(address.windowSeconds)}) < ${address.limit}
      returning 1
    ), spent as (
      insert into web_form_spent_challenges (signature, expires_at)
      select ${proof?.signature ?? null}::text, ${proof?.expiresAt ?? null}::timestamptz
      where ${proof !== null}::boolean and exists (select from hit)
      on conflict (signature) do nothing
      returning 1
    )
    select exists (select from hit) as within_limit, exists (select from spent) as proof_spent`.execute(db);
  const row = rows[0];
  return { withinLimit: row?.within_limit ?? false, proofSpent: row?.proof_spent ?? false };
}

/** Drops what no longer counts: addresses whose every hit left the window, challenges past their expiry. */
export async function pruneWebFormSpamRecords(db: DbOrTrx, windowSeconds: number): Promise<void> {
  await sql`delete from web_form_address_hits where hit_at[cardinality(hit_at)] <= ${since(windowSeconds)}`.execute(db);
  await db.deleteFrom('web_form_spent_challenges').where('expires_at', '<', new Date()).execute();
}

/** The secret named `name`: the one stored, or `candidate` stored now by whichever replica asks first. */
export async function readOrCreateSecret(db: DbOrTrx, name: string, candidate: string): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: candidate })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
