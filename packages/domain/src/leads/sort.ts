/**
 * How a lead list is sorted: its columns, directions and the `<field>:<asc|desc>` value. Without
 * zod (leadSortSchema is in schemas/lead.ts): the web app's shell patches sorted lists with these.
 */

/**
 * The columns a list sorts by. lastContact is when the lead was marked contacted; nextFollowUp its
 * earliest open follow-up; status follows the board (nuevo → perdido); assignee the person's name.
 * Leads without a value (no assignee, never contacted, no follow-up) come last in both directions.
 */
export const LEAD_SORT_FIELDS = ['name', 'category', 'status', 'assignee', 'createdAt', 'lastContact', 'nextFollowUp'] as const;
export type LeadSortField = (typeof LEAD_SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** A custom field's column: `cf.<key>` (its definition decides whether it sorts, custom-fields/filters.ts). */
export type CustomSortField = `cf.${string}`;

/** `<field>:<asc|desc>`, e.g. 'name:asc' or 'cf.facturacion:desc'; the default is createdAt:desc (newest first). */
export type LeadSort = `${LeadSortField | CustomSortField}:${SortDirection}`;
export const DEFAULT_LEAD_SORT: LeadSort = 'createdAt:desc';

export function parseLeadSort(sort: LeadSort): { field: LeadSortField | CustomSortField; direction: SortDirection } {
  const [field, direction] = sort.split(':') as [LeadSortField | CustomSortField, SortDirection];
  return { field, direction };
}

/** The custom field key a sort names ('cf.sector:asc' → 'sector'), or undefined for a built-in column. */
export function customSortKey(sort: LeadSort): string | undefined {
  const { field } = parseLeadSort(sort);
  return field.startsWith('cf.') ? field.slice(3) : undefined;
}

const CUSTOM_SORT_FIELD = /^cf\.[a-z][a-z0-9_]{0,39}$/;

/** The same check as leadSortSchema, for the web app's pages that load no zod. */
export function isLeadSort(value: string): value is LeadSort {
  const [field, direction, ...rest] = value.split(':');
  const knownField = LEAD_SORT_FIELDS.some((known) => known === field) || CUSTOM_SORT_FIELD.test(field ?? '');
  return rest.length === 0 && knownField && SORT_DIRECTIONS.some((known) => known === direction);
}
