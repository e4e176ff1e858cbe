/**
 * What a lead change moves but its list item cannot patch: tab counts, the board's column counts
 * (asked for alone), group sizes, follow-up lists and badge, the dashboard, team and analytics
 * figures, and the changed leads' timelines. Those on screen refetch (the rest are marked stale)
 * once changes pause for a second, and at least every three seconds while they keep coming, however
 * many changes arrive and whether from our own write or a live event (the echo of our write joins it).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { useTRPC } from '../../../lib/trpc';
import type { BoardFilters } from '../../pipeline/hooks/useBoardColumn';

type Trpc = ReturnType<typeof useTRPC>;

const QUIET_MS = 1000;
const MAX_WAIT_MS = 3000;

const pending = new WeakMap<QueryClient, { timer: ReturnType<typeof setTimeout>; since: number; leadIds: Set<number> }>();

export function refreshLeadAggregates(queryClient: QueryClient, trpc: Trpc, leadIds: ReadonlySet<number> = new Set()): void {
  refreshBoardCounts(queryClient, trpc);
  for (const queryKey of [
    trpc.leads.counts.pathKey(),
    trpc.leadGroups.pathKey(),
    trpc.followUps.pathKey(),
    trpc.dashboard.pathKey(),
    trpc.activities.pathKey(),
    trpc.team.pathKey(),
    trpc.analytics.pathKey(),
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
  if (leadIds.size === 0) return;
  void queryClient.invalidateQueries({
    queryKey: trpc.leadHistory.list.pathKey(),
    predicate: (query) => leadIds.has((query.queryKey[1] as { input?: { leadId?: number } } | undefined)?.input?.leadId ?? 0),
  });
}

/**
 * An open board asks for its columns' counts and values alone and writes them into its cached board (the cards
 * came with the events); a board not on screen is marked stale and refetches whole when next shown.
 */
function refreshBoardCounts(queryClient: QueryClient, trpc: Trpc): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: trpc.pipeline.board.pathKey() })) {
    if (!query.isActive()) {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' });
      continue;
    }
    const input = (query.queryKey[1] as { input?: BoardFilters } | undefined)?.input ?? {};
    void queryClient.fetchQuery({ ...trpc.pipeline.counts.queryOptions(input), staleTime: 0 }).then(
      (counts) => {
        const figuresOf = new Map(counts.columns.map((column) => [column.status, column]));
        queryClient.setQueryData(
          trpc.pipeline.board.queryKey(input),
          (board) =>
            board && {
              columns: board.columns.map((column) => {
                const figures = figuresOf.get(column.status);
                return figures ? { ...column, count: figures.count, value: figures.value } : column;
              }),
            },
        );
      },
      // The counts stay as they were; the next change or visit tries again.
      () => undefined,
    );
  }
}

/** Schedules refreshLeadAggregates, debounced (QUIET_MS after the last call, MAX_WAIT_MS at most after the first). */
export function scheduleLeadAggregates(queryClient: QueryClient, trpc: Trpc, leadId: number): void {
  const now = Date.now();
  const current = pending.get(queryClient);
  if (current) clearTimeout(current.timer);
  const since = current?.since ?? now;
  const leadIds = (current?.leadIds ?? new Set<number>()).add(leadId);
  const timer = setTimeout(
    () => {
      pending.delete(queryClient);
      refreshLeadAggregates(queryClient, trpc, leadIds);
    },
    Math.max(0, Math.min(QUIET_MS, since + MAX_WAIT_MS - now)),
  );
  pending.set(queryClient, { timer, since, leadIds });
}
