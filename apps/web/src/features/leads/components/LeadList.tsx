/**
 * The cards of Leads Activos or Contactados, one page at a time: the next page loads when the end
 * of the list scrolls into view (or with 'Cargar más'), so 100,000 leads never reach the browser at once.
 */
import type { LeadListItem } from '@crm/domain';
import { SimpleGrid, Stack } from '@mantine/core';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { PageLoader } from '../../../components/PageLoader';
import { useDeferredData } from '../../../lib/use-deferred-data';
import { LoadError } from '../../../components/LoadError';
import { type LeadListFilters, useLeadPages } from '../hooks/useLeadQueries';
import type { LeadSelection } from '../hooks/useLeadSelection';
import { LeadCard } from './LeadCard';
import { LoadMore } from './LoadMore';

/**
 * Cards rendered at once: more than a screen holds (a phone shows one or two, a laptop from Mantine's
 * `sm` breakpoint two rows of three). The others follow in transitions, which React renders in
 * slices between which the page stays responsive: a page of 24 cards rendered in one go blocked a
 * phone's main thread for seconds, and each card rendered at once on a phone is work before it
 * answers a touch. A transition's commit (the new cards' elements entering the page) is not sliced,
 * so they come a few at a time: the rest of a page in one commit was a phone's longest task.
 */
function firstPassCards(): number {
  return window.matchMedia('(min-width: 48em)').matches ? 6 : 2;
}

/** Cards added by each later commit. */
const CARDS_PER_COMMIT = 6;

/** How many of the `total` cards of a list (one tab and set of filters: `listKey`) to render now. */
function useRenderedCount(total: number, listKey: string): number {
  const [firstPass] = useState(firstPassCards);
  const [shown, setShown] = useState({ listKey, limit: firstPass });
  // Another list starts again from its first screenful (React's pattern for state derived from a prop).
  if (shown.listKey !== listKey) setShown({ listKey, limit: firstPass });
  const limit = shown.listKey === listKey ? shown.limit : firstPass;
  useEffect(() => {
    if (limit < total) startTransition(() => setShown({ listKey, limit: Math.min(total, limit + CARDS_PER_COMMIT) }));
  }, [limit, total, listKey]);
  return Math.min(limit, total);
}

interface LeadListProps {
  view: 'leads' | 'contacted';
  filters: LeadListFilters;
  empty: ReactNode;
  onEdit: (lead: LeadListItem) => void;
  onTrack: (lead: LeadListItem) => void;
  /** The same bulk selection as the table's: a checkbox on each card. */
  selection?: LeadSelection;
}

export function LeadList({ view, filters, empty, onEdit, onTrack, selection }: LeadListProps) {
  const pages = useLeadPages(view, filters);
  // The first cards with their owners, phones and selects, rendered at once, were a long task on a phone.
  const { data } = useDeferredData(pages);
  const loaded = data?.pages.reduce((count, page) => count + page.items.length, 0) ?? 0;
  const rendered = useRenderedCount(loaded, JSON.stringify({ view, filters }));
  if (pages.isError) return <LoadError title="No se pudieron cargar los leads" query={pages} />;
  if (!data) return <PageLoader label="Cargando leads..." />;

  const leads = data.pages.flatMap((page) => page.items);
  if (leads.length === 0) return <>{empty}</>;
  const loadedIds = leads.map((lead) => lead.id);

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {leads.slice(0, rendered).map((lead) => (
          <LeadCard
            key={lead.id}
            lead={lead}
            variant={view === 'contacted' ? 'contacted' : 'active'}
            onEdit={onEdit}
            onTrack={onTrack}
            select={selection && { selected: selection.isSelected(lead.id), onToggle: () => selection.toggle(lead.id, loadedIds) }}
          />
        ))}
      </SimpleGrid>
      {/* Until every loaded card is on the page, its end is not: the next page waits. */}
      {rendered === leads.length ? <LoadMore pages={pages} loaded={leads.length} /> : null}
    </Stack>
  );
}
