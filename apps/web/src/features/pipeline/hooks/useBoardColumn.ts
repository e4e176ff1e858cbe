/**
 * One board column: the leads of one status under the board's filters, a page at a time (the
 * board never loads the whole table). Its query key is what a move edits in place.
 */
import type { LeadStatus } from '@crm/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import type { LeadListFilters } from '../../leads/hooks/useLeadQueries';

/** A column shows about eight cards at laptop height; the next page loads as its end scrolls into view. */
const BOARD_PAGE_SIZE = 20;

export type BoardFilters = Omit<LeadListFilters, 'status'>;

export function boardColumnInput(status: LeadStatus, filters: BoardFilters) {
  return { ...filters, status, limit: BOARD_PAGE_SIZE, sort: 'createdAt:desc' as const };
}

export function useBoardColumn(status: LeadStatus, filters: BoardFilters) {
  const trpc = useTRPC();
  return useInfiniteQuery(
    trpc.leads.list.infiniteQueryOptions(boardColumnInput(status, filters), {
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    }),
  );
}
