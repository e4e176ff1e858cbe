/**
 * The Leads screen's view state (tab, category, status, group) kept in the URL, so a reload or a
 * shared link shows the same list; the search text stays local and reaches the server debounced.
 */
import { type LeadCategory, type LeadStatus, isLeadCategory, isLeadStatus } from '@crm/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

const LEADS_TABS = ['leads', 'contacted', 'groups'] as const;
export type LeadsTab = (typeof LEADS_TABS)[number];

/** Wait this long after the last keystroke before searching, so typing a name is one request. */
const SEARCH_DEBOUNCE_MS = 300;

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
  /** What the search box shows right now. */
  search: string;
  /** The trimmed search the lists use, once typing pauses; undefined when empty. */
  query: string | undefined;
  setTab: (tab: LeadsTab) => void;
  setCategory: (category: string | null) => void;
  setStatus: (status: string | null) => void;
  setSearch: (search: string) => void;
  /** 'Ver Leads' of a group card: filter by it and return to Leads Activos. */
  showGroup: (groupId: number) => void;
  /** 'Ver todos'. */
  clearGroup: () => void;
}

export function useLeadsView(): LeadsView {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const category = params.get('categoria');
  const status = params.get('estado');
  return {
    tab: readTab(params.get('vista')),
    category: isLeadCategory(category) ? category : null,
    status: isLeadStatus(status) ? status : null,
    groupId: readId(params.get('grupo')),
    search,
    query: debounced || undefined,
    setTab: (tab) => update({ vista: tab === 'leads' ? null : tab }),
    setCategory: (value) => update({ categoria: value }),
    setStatus: (value) => update({ estado: value }),
    setSearch,
    showGroup: (groupId) => update({ grupo: String(groupId), vista: null }),
    clearGroup: () => update({ grupo: null }),
  };
}

/** The filters the lists, the tab counts and the CSV export share. */
export function leadFilters(view: LeadsView) {
  return {
    category: view.category ?? undefined,
    status: view.status ?? undefined,
    groupId: view.groupId ?? undefined,
    q: view.query,
  };
}
