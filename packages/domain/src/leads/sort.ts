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

/** `<field>:<asc|desc>`, e.g. 'name:asc'; the default is createdAt:desc (newest first). */
export type LeadSort = `${LeadSortField}:${SortDirection}`;
export const DEFAULT_LEAD_SORT: LeadSort = 'createdAt:desc';

export function parseLeadSort(sort: LeadSort): { field: LeadSortField; direction: SortDirection } {
  const [field, direction] = sort.split(':') as [LeadSortField, SortDirection];
  return { field, direction };
}

/** The same check as leadSortSchema, for the web app's pages that load no zod. */
export function isLeadSort(value: string): value is LeadSort {
  const [field, direction, ...rest] = value.split(':');
  return rest.length === 0 && LEAD_SORT_FIELDS.some((known) => known === field) && SORT_DIRECTIONS.some((known) => known === direction);
}
