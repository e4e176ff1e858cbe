/**
 * A lead changed, from our own write's answer or from the live feed: the cache takes the lead's
 * list item (lead-cache.ts); the counts and its open timeline refresh debounced. Our own
 * write's echo from the feed patches the same item again and joins the same debounced refresh:
 * nothing is fetched twice.
 */
import type { LeadChange, LeadListItem } from '@crm/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { useTRPC } from '../../../lib/trpc';
import { refreshFollowUps } from '../../follow-ups/hooks/useFollowUpQueries';
import { scheduleLeadAggregates } from './lead-aggregates';
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

const syncedBefore = new WeakSet<QueryClient>();

/**
 * The feed said `synced`: the first time it has just opened; after that it reconnected, and lead
 * changes published meanwhile were missed (only chat messages are replayed), so what is on screen refetches.
 */
export function refreshLeadsAfterReconnect(queryClient: QueryClient, trpc: Trpc): void {
  if (syncedBefore.has(queryClient)) refreshFollowUps(queryClient, trpc);
  syncedBefore.add(queryClient);
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
