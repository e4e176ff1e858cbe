/** Custom field definitions: read, written, reordered and archived; each new lead field gets its indexes in the same transaction. */
import type { CustomFieldDefinition, CustomFieldEntity, CustomFieldType } from '@crm/domain';
import { type Selectable, sql } from 'kysely';
import type { CustomFieldDefinitionsTable } from '../tables/custom-fields.table.js';
import type { DbOrTrx } from '../types.js';
import { customFieldIndexStatements } from './custom-field-sql.js';

function toDefinition(row: Selectable<CustomFieldDefinitionsTable>): CustomFieldDefinition {
  return {
    id: row.id,
    entity: row.entity,
    key: row.key,
    label: row.label,
    // Written through the domain's schema; the table's check holds the same list.
    type: row.type as CustomFieldType,
    options: row.options,
    required: row.required,
    position: row.position,
    archived: row.archived_at !== null,
  };
}

/** In their order (position, then id); archived ones only when asked. */
export async function listCustomFields(
  db: DbOrTrx,
  filter: { entity?: CustomFieldEntity; includeArchived?: boolean } = {},
): Promise<CustomFieldDefinition[]> {
  let query = db.selectFrom('custom_field_definitions').selectAll().orderBy('entity').orderBy('position').orderBy('id');
  if (filter.entity) query = query.where('entity', '=', filter.entity);
  if (!filter.includeArchived) query = query.where('archived_at', 'is', null);
  return (await query.execute()).map(toDefinition);
}

export async function findCustomField(db: DbOrTrx, id: number): Promise<CustomFieldDefinition | undefined> {
  const row = await db.selectFrom('custom_field_definitions').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toDefinition(row);
}

/** Whether the key is taken for the entity, archived fields included (their values keep it). */
export async function customFieldKeyTaken(db: DbOrTrx, entity: CustomFieldEntity, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('custom_field_definitions')
    .select('id')
    .where('entity', '=', entity)
    .where('key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A new field, last in its entity's order. A lead field's indexes are built in the same
 * transaction: building them locks lead writes for as long as it takes (about a second per
 * 100,000 leads), once, when an admin defines the field.
 */
export async function insertCustomField(
  db: DbOrTrx,
  values: {
    entity: CustomFieldEntity;
    key: string;
    label: string;
    type: CustomFieldType;
    options: string[];
    required: boolean;
    createdBy: number;
  },
): Promise<CustomFieldDefinition> {
  const row = await db
    .insertInto('custom_field_definitions')
    .values({
      entity: values.entity,
      key: values.key,
      label: values.label,
      type: values.type,
      options: JSON.stringify(values.options),
      required: values.required,
      position: sql<number>`(select coalesce(max(position) + 1, 0) from custom_field_definitions where entity = ${values.entity})`,
      created_by: values.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (row.entity === 'lead') {
    for (const statement of customFieldIndexStatements(row.id, row.key, values.type)) await statement.execute(db);
    // The planner knows an indexed expression's values only once the table is analysed: without it,
    // it guesses a filter on the new field matches 0.5 % of the leads and sorts them all rather than
    // reading the sort's index in order (a page took 100 times longer on 100,000 leads).
    await sql`analyze leads`.execute(db);
  }
  return toDefinition(row);
}

export async function updateCustomFieldRow(
  db: DbOrTrx,
  id: number,
  changes: { label?: string; options?: string[]; required?: boolean; archived?: boolean },
): Promise<void> {
  await db
    .updateTable('custom_field_definitions')
    .set({
      label: changes.label,
      options: changes.options === undefined ? undefined : JSON.stringify(changes.options),
      required: changes.required,
      archived_at: changes.archived === undefined ? undefined : changes.archived ? sql<Date>`coalesce(archived_at, now())` : null,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/** Moves a field to `position` (0-based) among its entity's fields and numbers them all 0…n-1 again, in one statement. */
export async function moveCustomField(db: DbOrTrx, field: { id: number; entity: CustomFieldEntity }, position: number): Promise<void> {
  await sql`with others as (
      select id, row_number() over (order by position, id) - 1 as place
      from custom_field_definitions where entity = ${field.entity} and id <> ${field.id}
    ), placed as (
      select id, case when place >= ${position} then place + 1 else place end as place from others
      union all
      select ${field.id}, least(${position}, (select count(*) from others))
    )
    update custom_field_definitions d set position = placed.place, updated_at = now()
    from placed where d.id = placed.id`.execute(db);
}
