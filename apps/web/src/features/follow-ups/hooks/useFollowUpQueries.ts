/** The follow-up queries a screen reads, and the refresh every change or live event triggers. */
import type { FollowUpDue, FollowUpScope } from '@crm/domain';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '../../../lib/trpc';

type Trpc = ReturnType<typeof useTRPC>;

/** Lists, the badge, the leads and the board (they carry nextFollowUp) and their timelines (follow-up set/done) refetch. */
export function refreshFollowUps(queryClient: QueryClient, trpc: Trpc): void {
  void queryClient.invalidateQueries({ queryKey: trpc.followUps.pathKey() });
  void queryClient.invalidateQueries({ queryKey: trpc.leads.pathKey() });
  void queryClient.invalidateQueries({ queryKey: trpc.pipeline.pathKey() });
  void queryClient.invalidateQueries({ queryKey: trpc.leadHistory.pathKey() });
}

export function useRefreshFollowUps(): () => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(() => refreshFollowUps(queryClient, trpc), [queryClient, trpc]);
}

export function usePendingFollowUps(scope: FollowUpScope, due: FollowUpDue) {
  const trpc = useTRPC();
  return useQuery(trpc.followUps.list.queryOptions({ scope, due, done: false }));
}

/** The caller's overdue + today count, for the sidebar. */
export function useFollowUpBadgeCount(): number {
  const trpc = useTRPC();
  return useQuery(trpc.followUps.badge.queryOptions()).data?.count ?? 0;
}
