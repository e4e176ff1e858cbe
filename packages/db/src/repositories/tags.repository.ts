/** Tags and which leads carry them (docs/leads.md, 'Etiquetas'): the list, writes, a lead's set and bulk add/remove. */
import type { Tag, TagWithCount } from '@crm/domain';
import { sql } from 'kysely';
import type { DbOrTrx } from '../types.js';
import { anyInt } from './int-array.js';

const TAG_COLUMNS = ['tags.id', 'tags.name', 'tags.color'] as const;

/** Every tag by name, with how many leads carry it. */
export async function listTags(db: DbOrTrx): Promise<TagWithCount[]> {
  const rows = await db
    .selectFrom('tags')
    .leftJoin('lead_tags', 'lead_tags.tag_id', 'tags.id')
    .select([...TAG_COLUMNS, (eb) => eb.fn.count<number>('lead_tags.lead_id').as('leads')])
    .groupBy('tags.id')
    .orderBy('tags.name_key')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, color: row.color, leads: Number(row.leads) }));
}

export async function findTag(db: DbOrTrx, id: number): Promise<Tag | undefined> {
  return db.selectFrom('tags').select(TAG_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** How many of these ids are tags. */
export async function countTags(db: DbOrTrx, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('tags')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', '=', anyInt(ids))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A duplicate name (tags_name_key_idx) throws a unique violation for the caller to turn into a 409. */
export async function insertTag(db: DbOrTrx, values: { name: string; color: string; createdBy: number }): Promise<Tag> {
  return db
    .insertInto('tags')
    .values({ name: values.name, color: values.color, created_by: values.createdBy })
    .returning(['id', 'name', 'color'])
    .executeTakeFirstOrThrow();
}

export async function updateTag(db: DbOrTrx, id: number, changes: { name?: string; color?: string }): Promise<Tag | undefined> {
  if (changes.name === undefined && changes.color === undefined) return findTag(db, id);
  return db.updateTable('tags').set(changes).where('id', '=', id).returning(['id', 'name', 'color']).executeTakeFirst();
}

/** Deletes the tag (its lead_tags rows go with it); answers the leads that carried it, for their history. */
export async function deleteTag(db: DbOrTrx, id: number): Promise<{ tag: Tag; leadIds: number[] } | undefined> {
  const tag = await db.selectFrom('tags').select(TAG_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!tag) return undefined;
  const carriers = await db.deleteFrom('lead_tags').where('tag_id', '=', id).returning('lead_id').execute();
  await db.deleteFrom('tags').where('id', '=', id).execute();
  return { tag, leadIds: carriers.map((row) => row.lead_id) };
}

/** A lead's tag names, sorted (what a history entry records). */
export async function leadTagNames(db: DbOrTrx, leadId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('lead_tags')
    .innerJoin('tags', 'tags.id', 'lead_tags.tag_id')
    .select('tags.name')
    .where('lead_tags.lead_id', '=', leadId)
    .orderBy('tags.name_key')
    .execute();
  return rows.map((row) => row.name);
}

/** Makes the lead's tags exactly `tagIds` (two statements: drop the others, add the missing). */
export async function replaceLeadTags(db: DbOrTrx, leadId: number, tagIds: readonly number[]): Promise<void> {
  let removal = db.deleteFrom('lead_tags').where('lead_id', '=', leadId);
  if (tagIds.length > 0) removal = removal.where('tag_id', '<>', sql<number>`all(${[...tagIds]}::int[])`);
  await removal.execute();
  if (tagIds.length === 0) return;
  await db
    .insertInto('lead_tags')
    .values(tagIds.map((tagId) => ({ lead_id: leadId, tag_id: tagId })))
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** Adds the tag to these leads; answers the ids that did not carry it yet. */
export async function addTagToLeads(db: DbOrTrx, leadIds: readonly number[], tagId: number): Promise<number[]> {
  if (leadIds.length === 0) return [];
  const rows = await sql<{ lead_id: number }>`insert into lead_tags (lead_id, tag_id)
    select lead_id, ${tagId} from unnest(${[...leadIds]}::int[]) as ids(lead_id)
    on conflict do nothing returning lead_id`.execute(db);
  return rows.rows.map((row) => row.lead_id);
}

/** Takes the tag off these leads; answers the ids that carried it. */
export async function removeTagFromLeads(db: DbOrTrx, leadIds: readonly number[], tagId: number): Promise<number[]> {
  if (leadIds.length === 0) return [];
  const rows = await db
    .deleteFrom('lead_tags')
    .where('tag_id', '=', tagId)
    .where('lead_id', '=', anyInt(leadIds))
    .returning('lead_id')
    .execute();
  return rows.map((row) => row.lead_id);
}

/** Each lead's tag names, sorted as a lead's tags are (by name, case aside); leads without tags are absent. */
export async function tagNamesOfLeads(db: DbOrTrx, leadIds: readonly number[]): Promise<Map<number, string[]>> {
  if (leadIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lead_tags')
    .innerJoin('tags', 'tags.id', 'lead_tags.tag_id')
    .select(['lead_tags.lead_id', sql<string[]>`array_agg(tags.name order by tags.name_key)`.as('names')])
    .where('lead_tags.lead_id', '=', anyInt(leadIds))
    .groupBy('lead_tags.lead_id')
    .execute();
  return new Map(rows.map((row) => [row.lead_id, row.names]));
}
