/**
 * A list's custom-field filters and sort checked against the definitions: only a defined,
 * active key with an operator its type takes gets through, its values parsed as the type stores
 * them. The SQL is then built from these (packages/db custom-field-sql.ts), never from raw text.
 */
import type { CustomFieldFilter, CustomFieldFilters } from '../schemas/custom-field.js';
import { parseCustomFieldValue } from './parse-value.js';
import { type CustomFieldDefinition, type CustomFieldType, RANGE_TYPES, TEXT_TYPES, isSortableType } from './types.js';

export type ResolvedCustomFilter =
  | { key: string; type: CustomFieldType; op: 'contains'; text: string }
  | { key: string; type: CustomFieldType; op: 'eq'; value: string | number | boolean }
  | { key: string; type: CustomFieldType; op: 'range'; min?: string | number; max?: string | number }
  | { key: string; type: CustomFieldType; op: 'anyOf'; values: string[] };

export type Resolved<T> = { ok: T } | { error: string };

function scalar(definition: CustomFieldDefinition, value: unknown): string | number | boolean | undefined {
  const parsed = parseCustomFieldValue(definition, value);
  if ('error' in parsed || parsed.value === null || Array.isArray(parsed.value)) return undefined;
  return parsed.value;
}

function resolveOne(definition: CustomFieldDefinition, filter: CustomFieldFilter): Resolved<ResolvedCustomFilter> {
  const { key, type, label } = definition;
  const refused = (what: string) => ({ error: `«${label}» no admite ${what}` });
  if ('contains' in filter) {
    return TEXT_TYPES.includes(type) ? { ok: { key, type, op: 'contains', text: filter.contains } } : refused('«contiene»');
  }
  if ('anyOf' in filter) {
    if (type !== 'select' && type !== 'multi_select') return refused('«cualquiera de»');
    const values = [];
    for (const item of filter.anyOf) {
      const known = definition.options.find((option) => option.toLowerCase() === item.toLowerCase());
      if (known === undefined) return { error: `«${label}»: opción desconocida: ${item.slice(0, 50)}` };
      values.push(known);
    }
    return { ok: { key, type, op: 'anyOf', values } };
  }
  if ('eq' in filter) {
    if (type === 'multi_select' || type === 'long_text') return refused('«igual a»');
    const value = scalar(definition, filter.eq);
    return value === undefined ? { error: `«${label}»: valor de filtro inválido` } : { ok: { key, type, op: 'eq', value } };
  }
  if (!RANGE_TYPES.includes(type)) return refused('rangos');
  const min = filter.min === undefined ? undefined : scalar(definition, filter.min);
  const max = filter.max === undefined ? undefined : scalar(definition, filter.max);
  if ((filter.min !== undefined && min === undefined) || (filter.max !== undefined && max === undefined))
    return { error: `«${label}»: valor de filtro inválido` };
  return { ok: { key, type, op: 'range', min: min as string | number | undefined, max: max as string | number | undefined } };
}

const activeByKey = (definitions: readonly CustomFieldDefinition[], key: string) =>
  definitions.find((definition) => definition.key === key && !definition.archived);

export function resolveCustomFilters(
  filters: CustomFieldFilters | undefined,
  definitions: readonly CustomFieldDefinition[],
): Resolved<ResolvedCustomFilter[]> {
  const resolved: ResolvedCustomFilter[] = [];
  for (const [key, filter] of Object.entries(filters ?? {})) {
    const definition = activeByKey(definitions, key);
    if (!definition) return { error: `Campo personalizado desconocido: ${key}` };
    const one = resolveOne(definition, filter);
    if ('error' in one) return one;
    resolved.push(one.ok);
  }
  return { ok: resolved };
}

/** The field a `cf.<key>:<dir>` sort names, if it is defined, active and sortable. */
export function resolveCustomSort(
  key: string,
  definitions: readonly CustomFieldDefinition[],
): Resolved<{ key: string; type: CustomFieldType }> {
  const definition = activeByKey(definitions, key);
  if (!definition) return { error: `Campo personalizado desconocido: ${key}` };
  if (!isSortableType(definition.type)) return { error: `No se puede ordenar por «${definition.label}»` };
  return { ok: { key, type: definition.type } };
}
