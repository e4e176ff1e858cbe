/**
 * Saved views ↔ the list's address: the current URL state as a saved view keeps it, and the
 * address a saved view opens (the list in its tab and mode, or the board for 'board').
 */
import type { SavedView, SavedViewFilters } from '@crm/domain';
import { writeAssignee } from './assignee-filter';
import { LEADS_PARAM, type LeadsView } from './useLeadsView';

/** What 'Guardar vista' keeps of the view: every filter (custom field ones too), the tab, the sort and the search. */
export function savedFiltersOf(view: LeadsView): SavedViewFilters {
  const filters: SavedViewFilters = {};
  if (view.tab !== 'leads') filters.tab = view.tab;
  if (view.category) filters.category = view.category;
  if (view.status) filters.status = view.status;
  if (view.groupId !== null) filters.groupId = view.groupId;
  if (view.assignee !== null) filters.assignedTo = view.assignee;
  if (view.tagId !== null) filters.tagId = view.tagId;
  if (view.sort) filters.sort = view.sort;
  if (view.query) filters.q = view.query;
  if (Object.keys(view.customFilters).length > 0) filters.cf = view.customFilters;
  return filters;
}

/**
 * JSON with every object's keys sorted: a stored view's filters come back in the database's key
 * order, the address bar's in the order they were chosen, and the chip of the open view must match.
 */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

export function savedViewHref(saved: Pick<SavedView, 'view' | 'filters'>): string {
  const { tab, category, status, groupId, assignedTo, tagId, sort, q, cf } = saved.filters;
  const board = saved.view === 'board';
  const entries: [string, string | undefined][] = [
    // The board has no tabs and shows every status as a column.
    [LEADS_PARAM.tab, board ? undefined : tab],
    [LEADS_PARAM.category, category],
    [LEADS_PARAM.status, board ? undefined : status],
    [LEADS_PARAM.group, groupId === undefined ? undefined : String(groupId)],
    [LEADS_PARAM.assignee, assignedTo === undefined ? undefined : writeAssignee(assignedTo)],
    [LEADS_PARAM.tag, tagId === undefined ? undefined : String(tagId)],
    [LEADS_PARAM.sort, board ? undefined : sort],
    [LEADS_PARAM.search, q],
    [LEADS_PARAM.customFields, cf && Object.keys(cf).length > 0 ? canonicalJson(cf) : undefined],
    [LEADS_PARAM.mode, board ? undefined : saved.view === 'table' ? 'tabla' : 'tarjetas'],
  ];
  const params = new URLSearchParams(entries.filter((entry): entry is [string, string] => entry[1] !== undefined));
  const search = params.toString();
  return `${board ? '/pipeline' : '/leads'}${search ? `?${search}` : ''}`;
}
