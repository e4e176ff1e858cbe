/** The palette's server search (search.everything): asked once typing pauses and the query is long enough. */
import { SEARCH_LIMITS, type SearchResults } from '@crm/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

/** One request per pause in typing, not per keystroke. */
const SEARCH_DEBOUNCE_MS = 150;

const NOTHING: SearchResults = { leads: [], users: [], groups: [] };

export function usePaletteSearch(query: string): { results: SearchResults; searching: boolean } {
  const trpc = useTRPC();
  const [debounced] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const enabled = debounced.length >= SEARCH_LIMITS.minChars;
  const search = useQuery({ ...trpc.search.everything.queryOptions({ q: debounced }), enabled, placeholderData: keepPreviousData });
  return { results: enabled ? (search.data ?? NOTHING) : NOTHING, searching: enabled && search.isFetching };
}
