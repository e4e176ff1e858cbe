/**
 * The board reads the server's `pipeline.board`: one request gives every column its exact count and
 * first page. A column pages on with `pipeline.column` from that page's cursor, so the board never
 * loads the whole table. The column's pages are one infinite query whose first page is the board's
 * (fetched once for all five columns); its key is what a move edits in place.
 */
import type { LeadPage, LeadStatus } from '@crm/domain';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import type { LeadListFilters } from '../../leads/hooks/useLeadQueries';

export type BoardFilters = Omit<LeadListFilters, 'status'>;

export function boardColumnKey(trpc: ReturnType<typeof useTRPC>, status: LeadStatus, filters: BoardFilters) {
  return trpc.pipeline.column.infiniteQueryKey({ ...filters, status });
}

export function boardKey(trpc: ReturnType<typeof useTRPC>, filters: BoardFilters) {
  return trpc.pipeline.board.queryKey(filters);
}

/** The column's exact count and value (an exact decimal string) on the server; null while the board loads. */
export function useBoardColumnFigures(status: LeadStatus, filters: BoardFilters): { count: number; value: string } | null {
  const trpc = useTRPC();
  const board = useQuery({
    ...trpc.pipeline.board.queryOptions(filters),
    select: (data) => {
      const column = data.columns.find((candidate) => candidate.status === status);
      return { count: column?.count ?? 0, value: column?.value ?? '0.00' };
    },
  });
  return board.data ?? null;
}

export function useBoardColumn(status: LeadStatus, filters: BoardFilters) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: boardColumnKey(trpc, status, filters),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<LeadPage> => {
      if (pageParam !== null) return client.pipeline.column.query({ ...filters, status, cursor: pageParam }, { signal });
      // The five columns share one board request: fetchQuery joins the one in flight or reuses a fresh one.
      const board = await queryClient.fetchQuery(trpc.pipeline.board.queryOptions(filters));
      const column = board.columns.find((candidate) => candidate.status === status);
      return { items: column?.items ?? [], nextCursor: column?.nextCursor ?? null };
    },
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
