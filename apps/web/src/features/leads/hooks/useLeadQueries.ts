/** The Leads screen's reads: one page at a time, the tab counts, groups and the sales team. */
import type { CustomFieldFilters, LeadAssigneeFilter, LeadCategory, LeadSort, LeadStatus } from '@crm/domain';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '../../../lib/trpc';

/** Three columns at laptop width: 24 cards fill whole rows. The server caps a page at 500. */
const LEADS_PAGE_SIZE = 24;

export interface LeadListFilters {
  category?: LeadCategory;
  status?: LeadStatus;
  groupId?: number;
  assignedTo?: LeadAssigneeFilter;
  q?: string;
  cf?: CustomFieldFilters;
}

/** Cursor pagination: the next page is fetched only when the list's end comes into view. */
export function useLeadPages(view: 'leads' | 'contacted', filters: LeadListFilters, sort?: LeadSort, limit = LEADS_PAGE_SIZE) {
  const trpc = useTRPC();
  return useInfiniteQuery(
    trpc.leads.list.infiniteQueryOptions({ view, limit, sort, ...filters }, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
  );
}

export function useLeadCounts(filters: LeadListFilters) {
  const trpc = useTRPC();
  return useQuery(trpc.leads.counts.queryOptions(filters));
}

/** Groups load only in the Grupos view or while a group filters the list. */
export function useLeadGroups(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.leadGroups.list.queryOptions(), enabled });
}

export function useSalesTeam() {
  const trpc = useTRPC();
  return useQuery(trpc.salesTeam.list.queryOptions());
}

export function useSalesTeamWithRoles(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.salesTeam.withRoles.queryOptions(), enabled });
}

/**
 * After a write: the lists and counts (and the groups, whose lead counts change too) reload. Data
 * never goes stale on its own (lib/query-client.ts), so the screens built on lead figures are marked stale too
 * and refetch when next shown.
 */
export function useRefreshLeads() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        [trpc.leads, trpc.pipeline, trpc.leadGroups, trpc.dashboard, trpc.activities, trpc.team, trpc.analytics].map((feature) =>
          queryClient.invalidateQueries({ queryKey: feature.pathKey() }),
        ),
      ),
    [queryClient, trpc],
  );
}
