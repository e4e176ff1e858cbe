/**
 * The Leads screen's view state (tab, filters, group, cards or table, sort, search) kept in the
 * URL, so Back undoes a filter and a shared link shows the same list. Each choice is a history
 * entry; the search box writes its text in place once typing pauses (one entry per search, not
 * per keystroke).
 */
import {
  type CustomFieldFilter,
  type CustomFieldFilters,
  type LeadCategory,
  type LeadSort,
  type LeadStatus,
  isLeadCategory,
  isLeadStatus,
} from '@crm/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type AssigneeFilter, readAssignee, writeAssignee } from './assignee-filter';
import { type LeadsMode, readMode, rememberMode } from './leads-mode';
import { readSort } from './lead-sort';

const LEADS_TABS = ['leads', 'contacted', 'groups'] as const;
export type LeadsTab = (typeof LEADS_TABS)[number];

/** Wait this long after the last keystroke before searching, so typing a name is one request. */
const SEARCH_DEBOUNCE_MS = 300;

/** The URL's names for each part of the view (Spanish, as the address bar shows them). */
export const LEADS_PARAM = {
  tab: 'vista',
  category: 'categoria',
  status: 'estado',
  group: 'grupo',
  assignee: 'asignado',
  tag: 'etiqueta',
  /** A notification's leads ('Te asignaron 10 leads'): /leads?aviso=<id>. */
  notice: 'aviso',
  mode: 'modo',
  sort: 'orden',
  search: 'q',
  /** Custom field filters, `{ <key>: <filter> }` as JSON (the API's `cf`). */
  customFields: 'campos',
} as const;

/** The parameters 'Limpiar filtros' removes: what narrows the list, not how it is shown. */
const FILTER_PARAMS = [
  LEADS_PARAM.category,
  LEADS_PARAM.status,
  LEADS_PARAM.group,
  LEADS_PARAM.assignee,
  LEADS_PARAM.tag,
  LEADS_PARAM.notice,
  LEADS_PARAM.search,
  LEADS_PARAM.customFields,
];

/** The URL's custom filters: an object of objects, or none (the server checks each against its field). */
function readCustomFilters(value: string | null): CustomFieldFilters {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, CustomFieldFilter] => typeof entry[1] === 'object' && entry[1] !== null),
    );
  } catch {
    return {};
  }
}

function readTab(value: string | null): LeadsTab {
  return (LEADS_TABS as readonly string[]).includes(value ?? '') ? (value as LeadsTab) : 'leads';
}

function readId(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export interface LeadsView {
  tab: LeadsTab;
  category: LeadCategory | null;
  status: LeadStatus | null;
  groupId: number | null;
  assignee: AssigneeFilter | null;
  tagId: number | null;
  /** The notification whose leads the list shows, from any group. */
  noticeId: number | null;
  mode: LeadsMode;
  sort: LeadSort | null;
  /** Filters by custom fields, by key. */
  customFilters: CustomFieldFilters;
  /** What the search box shows right now. */
  search: string;
  /** The trimmed search the lists use, once typing pauses; undefined when empty. */
  query: string | undefined;
  /** Whether any filter narrows the list (the empty state then offers to clear them). */
  filtered: boolean;
  setTab: (tab: LeadsTab) => void;
  setCategory: (category: string | null) => void;
  setStatus: (status: string | null) => void;
  setAssignee: (assignee: AssigneeFilter | null) => void;
  setTag: (tagId: number | null) => void;
  setMode: (mode: LeadsMode) => void;
  setSort: (sort: LeadSort | null) => void;
  /** Sets (or, with null, removes) one custom field's filter. */
  setCustomFilter: (key: string, filter: CustomFieldFilter | null) => void;
  setSearch: (search: string) => void;
  /** 'Ver Leads' of a group card: filter by it and return to Leads Activos. */
  showGroup: (groupId: number) => void;
  /** 'Ver todos'. */
  clearGroup: () => void;
  /** 'Ver todos' of a notification's leads. */
  clearNotice: () => void;
  /** 'Limpiar filtros': every filter and the search go, the tab and the view stay. */
  clearFilters: () => void;
}

export function useLeadsView(userId?: number): LeadsView {
  const [params, setParams] = useSearchParams();
  const urlSearch = params.get(LEADS_PARAM.search) ?? '';
  const [search, setSearch] = useState(urlSearch);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const update = useCallback(
    (changes: Record<string, string | null>, options: { replace?: boolean } = {}) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: options.replace ?? false },
      ),
    [setParams],
  );

  // Back/Forward (or a link) changed the search in the URL: the box follows it (adjusted while
  // rendering, React's way to derive state from a changed input, rather than in an effect).
  const [seenUrlSearch, setSeenUrlSearch] = useState(urlSearch);
  if (seenUrlSearch !== urlSearch) {
    setSeenUrlSearch(urlSearch);
    if (search.trim() !== urlSearch) setSearch(urlSearch);
  }
  // Typing paused: the URL follows the box, in place. Only a change of what was typed writes, so
  // a Back that changed the URL is not undone by the text still waiting in the debounce.
  const lastTyped = useRef(debounced);
  useEffect(() => {
    if (debounced === lastTyped.current) return;
    lastTyped.current = debounced;
    if (debounced !== urlSearch) update({ [LEADS_PARAM.search]: debounced }, { replace: true });
  }, [debounced, urlSearch, update]);

  const category = params.get(LEADS_PARAM.category);
  const status = params.get(LEADS_PARAM.status);
  const view = {
    tab: readTab(params.get(LEADS_PARAM.tab)),
    category: isLeadCategory(category) ? category : null,
    status: isLeadStatus(status) ? status : null,
    groupId: readId(params.get(LEADS_PARAM.group)),
    assignee: readAssignee(params.get(LEADS_PARAM.assignee)),
    tagId: readId(params.get(LEADS_PARAM.tag)),
    noticeId: readId(params.get(LEADS_PARAM.notice)),
    mode: readMode(params.get(LEADS_PARAM.mode), userId),
    sort: readSort(params.get(LEADS_PARAM.sort)),
    customFilters: readCustomFilters(params.get(LEADS_PARAM.customFields)),
  };
  return {
    ...view,
    search,
    query: urlSearch || undefined,
    filtered: FILTER_PARAMS.some((key) => params.has(key)),
    setTab: (tab) => update({ [LEADS_PARAM.tab]: tab === 'leads' ? null : tab }),
    setCategory: (value) => update({ [LEADS_PARAM.category]: value }),
    setStatus: (value) => update({ [LEADS_PARAM.status]: value }),
    setAssignee: (value) => update({ [LEADS_PARAM.assignee]: value === null ? null : writeAssignee(value) }),
    setTag: (tagId) => update({ [LEADS_PARAM.tag]: tagId === null ? null : String(tagId) }),
    setMode: (mode) => {
      rememberMode(mode, userId);
      update({ [LEADS_PARAM.mode]: mode === 'cards' ? 'tarjetas' : 'tabla' });
    },
    setSort: (sort) => update({ [LEADS_PARAM.sort]: sort }),
    setCustomFilter: (key, filter) => {
      const { [key]: _replaced, ...others } = view.customFilters;
      const next = filter ? { ...others, [key]: filter } : others;
      update({ [LEADS_PARAM.customFields]: Object.keys(next).length > 0 ? JSON.stringify(next) : null });
    },
    setSearch,
    showGroup: (groupId) => update({ [LEADS_PARAM.group]: String(groupId), [LEADS_PARAM.tab]: null }),
    clearGroup: () => update({ [LEADS_PARAM.group]: null }),
    clearNotice: () => update({ [LEADS_PARAM.notice]: null }),
    clearFilters: () => {
      setSearch('');
      update(Object.fromEntries(FILTER_PARAMS.map((key) => [key, null])));
    },
  };
}

/** The filters the lists, the tab counts and the CSV export share. */
export function leadFilters(view: LeadsView) {
  return {
    category: view.category ?? undefined,
    status: view.status ?? undefined,
    groupId: view.groupId ?? undefined,
    assignedTo: view.assignee ?? undefined,
    notificationId: view.noticeId ?? undefined,
    tagId: view.tagId ?? undefined,
    q: view.query,
    cf: Object.keys(view.customFilters).length > 0 ? view.customFilters : undefined,
  };
}
