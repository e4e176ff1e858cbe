/**
 * A lead changed, from our own write's answer or from the live feed: the cache takes the lead's
 * list item (lead-cache.ts); the counts and its open timeline refresh debounced. Our own
 * write's echo from the feed patches the same item again and joins the same debounced refresh:
 * nothing is fetched twice. Leads that left what the viewer may see leave the cache by id; a change
 * of whose leads the viewer sees makes every lead screen ask again.
 */
import type { LeadChange, LeadListItem } from '@crm/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { useTRPC } from '../../../lib/trpc';
import { refreshFollowUps } from '../../follow-ups/hooks/useFollowUpQueries';
import { refreshLeadAggregates, scheduleLeadAggregates } from './lead-aggregates';
import { dropLeadFromCache, putLeadInCache } from './lead-cache';

type Trpc = ReturnType<typeof useTRPC>;

interface LeadChangedEvent {
  leadId: number;
  change: LeadChange;
  lead?: LeadListItem;
}

export function applyLeadChanged(queryClient: QueryClient, trpc: Trpc, event: LeadChangedEvent, viewerId: number): void {
  if (event.lead) {
    putLeadInCache(queryClient, trpc, event.lead, viewerId);
  } else if (event.change === 'deleted') {
    dropLeadFromCache(queryClient, trpc, event.leadId);
  } else {
    // The item could not be read back (the lead went meanwhile): the lists refetch as they used to.
    void queryClient.invalidateQueries({ queryKey: trpc.leads.list.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.pipeline.column.pathKey() });
  }
  scheduleLeadAggregates(queryClient, trpc, event.leadId);
  // A contact written by someone else changes the lead: its page, when open, reads its contacts again.
  if (event.change === 'updated') void queryClient.invalidateQueries({ queryKey: trpc.contacts.list.queryKey({ leadId: event.leadId }) });
}

/** `leadsHidden`: reassigned away, deleted, or their owner changed team. Only their ids came. */
export function applyLeadsHidden(queryClient: QueryClient, trpc: Trpc, leadIds: readonly number[]): void {
  for (const leadId of leadIds) {
    dropLeadFromCache(queryClient, trpc, leadId);
    scheduleLeadAggregates(queryClient, trpc, leadId);
  }
  // The WhatsApp inbox lists conversations by their lead.
  void queryClient.invalidateQueries({ queryKey: trpc.whatsapp.pathKey() });
}

/** `leadAccessChanged`: the viewer's role or team changed whose leads they see; every lead screen asks again. */
export function applyLeadAccessChanged(queryClient: QueryClient, trpc: Trpc): void {
  // An open lead page drops what it showed before it asks: it may no longer be the viewer's to see.
  void queryClient.resetQueries({ queryKey: trpc.leads.byId.pathKey() });
  refreshFollowUps(queryClient, trpc);
  refreshLeadAggregates(queryClient, trpc);
  for (const queryKey of [trpc.contacts.pathKey(), trpc.leadNotes.pathKey(), trpc.whatsapp.pathKey(), trpc.search.pathKey()]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** A group was deleted: its leads left every list, board column and count at once. */
export function applyGroupDeleted(queryClient: QueryClient, trpc: Trpc): void {
  refreshFollowUps(queryClient, trpc);
  refreshLeadAggregates(queryClient, trpc);
}

/** For a write that answers with the lead (create, edit, assign, mark contacted, merge): the cache takes it at once. */
export function useLeadWritten(): (lead: LeadListItem, change?: Exclude<LeadChange, 'deleted'>) => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const viewer = useCurrentUser();
  return useCallback(
    (lead, change = 'updated') => applyLeadChanged(queryClient, trpc, { leadId: lead.id, change, lead }, viewer.id),
    [queryClient, trpc, viewer.id],
  );
}

/** For a deletion: the lead leaves every list at once. */
export function useLeadDeleted(): (leadId: number) => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const viewer = useCurrentUser();
  return useCallback(
    (leadId) => applyLeadChanged(queryClient, trpc, { leadId, change: 'deleted' }, viewer.id),
    [queryClient, trpc, viewer.id],
  );
}
