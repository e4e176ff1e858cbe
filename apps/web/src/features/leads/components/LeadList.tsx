/**
 * The cards of Leads Activos or Contactados, one page at a time: the next page loads when the end
 * of the list scrolls into view (or with 'Cargar más'), so 100,000 leads never reach the browser at once.
 */
import type { LeadListItem } from '@crm/domain';
import { SimpleGrid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageLoader } from '../../../components/PageLoader';
import { LoadError } from '../../../components/LoadError';
import { type LeadListFilters, useLeadPages } from '../hooks/useLeadQueries';
import type { LeadSelection } from '../hooks/useLeadSelection';
import { LeadCard } from './LeadCard';
import { LoadMore } from './LoadMore';

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
  if (pages.isPending) return <PageLoader label="Cargando leads..." />;
  if (pages.isError) return <LoadError title="No se pudieron cargar los leads" query={pages} />;

  const leads = pages.data.pages.flatMap((page) => page.items);
  // While an import is written a page can come back empty (each request walks a bounded number of leads): LoadMore fetches the next.
  if (leads.length === 0) return pages.hasNextPage ? <LoadMore pages={pages} loaded={0} /> : <>{empty}</>;
  const loadedIds = leads.map((lead) => lead.id);

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {leads.map((lead) => (
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
      <LoadMore pages={pages} loaded={leads.length} />
    </Stack>
  );
}
