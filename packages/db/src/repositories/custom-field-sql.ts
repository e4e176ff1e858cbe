/**
 * The SQL of a lead's custom values: the one expression each field is indexed, filtered and sorted
 * by (the planner uses an expression index only for the very same expression), and the filters
 * built on it. Keys reach SQL only here, as quoted literals, and only after the key rule held;
 * the filters' values are always bound parameters.
 */
import { CUSTOM_FIELD_KEY, type CustomFieldType, type ResolvedCustomFilter, TEXT_TYPES, isSortableType, sortKindOf } from '@crm/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';

function keyLiteral(key: string): RawBuilder<unknown> {
  // The definitions table checks the same rule: a key that fails it never came from there.
  if (!CUSTOM_FIELD_KEY.test(key)) throw new Error(`Clave de campo personalizado inválida: ${key}`);
  return sql.lit(key);
}

/** `column` is `leads.custom_fields` in queries, the bare column in an index's definition. */
export function customValueExpression(
  key: string,
  type: CustomFieldType,
  column: RawBuilder<unknown> = sql`leads.custom_fields`,
): RawBuilder<unknown> {
  if (type === 'multi_select') return sql`(${column} -> ${keyLiteral(key)})`;
  const text = sql`(${column} ->> ${keyLiteral(key)})`;
  return sortKindOf(type) === 'numeric' ? sql`(${text}::numeric)` : text;
}

function escapeLike(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

export function customFilterCondition(filter: ResolvedCustomFilter): RawBuilder<SqlBool> {
  const value = customValueExpression(filter.key, filter.type);
  switch (filter.op) {
    case 'contains':
      return sql<SqlBool>`${value} ilike ${escapeLike(filter.text)}`;
    case 'eq':
      // Stored flags read back as 'true' / 'false' through ->>.
      return sql<SqlBool>`${value} = ${typeof filter.value === 'boolean' ? String(filter.value) : filter.value}`;
    case 'range': {
      const bounds = [];
      if (filter.min !== undefined) bounds.push(sql<SqlBool>`${value} >= ${filter.min}`);
      if (filter.max !== undefined) bounds.push(sql<SqlBool>`${value} <= ${filter.max}`);
      return sql<SqlBool>`(${sql.join(bounds, sql` and `)})`;
    }
    case 'anyOf':
      if (filter.type === 'multi_select') return sql<SqlBool>`${value} ?| ${sql.val(filter.values)}::text[]`;
      return sql<SqlBool>`${value} = any(${sql.val(filter.values)}::text[])`;
  }
}

/**
 * The indexes a field gets when it is defined: a btree on (value, id) for the sortable types (a
 * sorted page is an index range, filters by = and ranges read it too), a trigram index for the
 * text types' 'contains', a GIN index for a multi-select's 'any of'. Named by the definition's id.
 */
export function customFieldIndexStatements(id: number, key: string, type: CustomFieldType): RawBuilder<unknown>[] {
  const column = sql`custom_fields`;
  const name = (suffix: string) => sql.id(`leads_cf_${String(id)}${suffix}`);
  const statements: RawBuilder<unknown>[] = [];
  if (type === 'multi_select') {
    statements.push(sql`create index if not exists ${name('')} on leads using gin (${customValueExpression(key, type, column)})`);
    return statements;
  }
  if (isSortableType(type)) {
    statements.push(sql`create index if not exists ${name('')} on leads (${customValueExpression(key, type, column)}, id)`);
  }
  if (TEXT_TYPES.includes(type)) {
    statements.push(
      sql`create index if not exists ${name('_trgm')} on leads using gin (${customValueExpression(key, 'text', column)} gin_trgm_ops)`,
    );
  }
  return statements;
}
