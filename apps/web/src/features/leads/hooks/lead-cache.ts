/**
 * A changed lead written into the query cache instead of refetching: every cached lead list page,
 * board column and the lead's own page take its list item (from a write's answer or a live event).
 * A list drops it once its status, assignee, group or category filter clearly leaves it out; a list
 * the item cannot decide (a text search, a notification's leads, a sort the change moved it in) is
 * refetched alone. Counts and other aggregates are the caller's to refresh (debounced).
 */
import {
  DEFAULT_LEAD_SORT,
  type LeadListFilterInput,
  type LeadListItem,
  type LeadPage,
  type LeadSort,
  leadListMatch,
  parseLeadSort,
} from '@crm/domain';
import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import type { useTRPC } from '../../../lib/trpc';

type Trpc = ReturnType<typeof useTRPC>;
type Pages = InfiniteData<LeadPage, string | null>;
type ListInput = LeadListFilterInput & { sort?: LeadSort };

/** Every cached paged list of leads: the lead lists and the board's columns (a column is a list filtered by status). */
function cachedLists(queryClient: QueryClient, trpc: Trpc): Query[] {
  return [trpc.leads.list.pathKey(), trpc.pipeline.column.pathKey()].flatMap((queryKey) =>
    queryClient
      .getQueryCache()
      .findAll({ queryKey })
      .filter((query) => (query.queryKey[1] as { type?: string } | undefined)?.type === 'infinite'),
  );
}

function inputOf(query: Query): ListInput {
  return (query.queryKey[1] as { input?: ListInput } | undefined)?.input ?? {};
}

const mapItems = (data: Pages, change: (items: LeadListItem[], index: number) => LeadListItem[]): Pages => ({
  ...data,
  pages: data.pages.map((page, index) => ({ ...page, items: change(page.items, index) })),
});

function findItem(data: Pages, id: number): LeadListItem | undefined {
  for (const page of data.pages) {
    const found = page.items.find((item) => item.id === id);
    if (found) return found;
  }
  return undefined;
}

/** The value a list is sorted by: a change to it may move the lead within the list. */
function sortValue(lead: LeadListItem, sort: LeadSort): unknown {
  switch (parseLeadSort(sort).field) {
    case 'name':
      return lead.name;
    case 'category':
      return lead.category;
    case 'status':
      return lead.status;
    case 'assignee':
      return JSON.stringify(lead.assignee);
    case 'createdAt':
      return lead.createdAt.getTime();
    case 'lastContact':
      return lead.contactedAt?.getTime() ?? null;
    case 'nextFollowUp':
      return lead.nextFollowUp?.dueAt.getTime() ?? null;
    default:
      // A custom field's column ('cf.<key>').
      return JSON.stringify(lead.customFields[parseLeadSort(sort).field.slice(3)] ?? null);
  }
}

const newerFirst = (a: LeadListItem, b: LeadListItem) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;

/**
 * Newest first (the default sort): the lead goes where it sorts among the loaded pages, or nowhere
 * when it sorts after them (the next page brings it).
 */
function insertNewestFirst(data: Pages, lead: LeadListItem): Pages {
  const more = data.pages.at(-1)?.nextCursor != null;
  const index = data.pages.findIndex((page, at) => {
    const last = page.items.at(-1);
    return !last || newerFirst(lead, last) < 0 || (at === data.pages.length - 1 && !more);
  });
  if (index === -1) return data;
  return mapItems(data, (items, at) => (at === index ? [...items, lead].sort(newerFirst) : items));
}

type Patch = { data: Pages } | 'refetch' | 'unchanged';

function patchList(data: Pages, input: ListInput, lead: LeadListItem, viewerId: number): Patch {
  const match = leadListMatch(lead, input, viewerId);
  const cached = findItem(data, lead.id);
  const sort = input.sort ?? DEFAULT_LEAD_SORT;
  if (match === 'no') {
    return cached ? { data: mapItems(data, (items) => items.filter((item) => item.id !== lead.id)) } : 'unchanged';
  }
  if (match === 'unknown') return 'refetch';
  if (cached) {
    if (sortValue(cached, sort) !== sortValue(lead, sort)) return 'refetch';
    return { data: mapItems(data, (items) => items.map((item) => (item.id === lead.id ? lead : item))) };
  }
  return sort === DEFAULT_LEAD_SORT ? { data: insertNewestFirst(data, lead) } : 'refetch';
}

/** Writes a created or changed lead into every cached list, column and its lead page. */
export function putLeadInCache(queryClient: QueryClient, trpc: Trpc, lead: LeadListItem, viewerId: number): void {
  for (const query of cachedLists(queryClient, trpc)) {
    const data = query.state.data as Pages | undefined;
    if (!data) continue;
    const patch = patchList(data, inputOf(query), lead, viewerId);
    if (patch === 'refetch') void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    else if (patch !== 'unchanged') queryClient.setQueryData(query.queryKey, patch.data);
  }
  queryClient.setQueryData(trpc.leads.byId.queryKey({ id: lead.id }), (cached) => cached && lead);
}

/**
 * A deleted lead, or one the viewer may no longer see, leaves every list and column; its page, if
 * open, drops what it showed and asks again (it is told the lead is gone, never shown it stale).
 */
export function dropLeadFromCache(queryClient: QueryClient, trpc: Trpc, leadId: number): void {
  for (const query of cachedLists(queryClient, trpc)) {
    const data = query.state.data as Pages | undefined;
    if (data && findItem(data, leadId)) {
      queryClient.setQueryData(
        query.queryKey,
        mapItems(data, (items) => items.filter((item) => item.id !== leadId)),
      );
    }
  }
  void queryClient.resetQueries({ queryKey: trpc.leads.byId.queryKey({ id: leadId }), exact: true });
}
