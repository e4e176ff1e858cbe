import type { AppRouter } from '@crm/api';
import type { LeadListItem, LeadPage } from '@crm/domain';
import { type InfiniteData, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { createTRPCClient, TRPCClientError } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { aLead } from '../../../test-utils/fixtures';
import { createOfflineTrpcClient } from '../../../test-utils/render';
import { scheduleLeadAggregates } from './lead-aggregates';
import { applyLeadChanged } from './lead-events';

const VIEWER = 7;

function setup() {
  const queryClient = createQueryClient();
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: createOfflineTrpcClient(), queryClient });
  const put = (queryKey: QueryKey, pages: LeadListItem[][], nextCursor: string | null = null) =>
    queryClient.setQueryData<InfiniteData<LeadPage, string | null>>(queryKey, {
      pages: pages.map((items, index) => ({ items, nextCursor: index === pages.length - 1 ? nextCursor : `c${index}` })),
      pageParams: pages.map((_, index) => (index === 0 ? null : `c${index - 1}`)),
    });
  const ids = (queryKey: QueryKey) =>
    queryClient.getQueryData<InfiniteData<LeadPage>>(queryKey)?.pages.map((page) => page.items.map((item) => item.id));
  const invalidated = (queryKey: QueryKey) => queryClient.getQueryState(queryKey)?.isInvalidated;
  return { queryClient, trpc, put, ids, invalidated };
}

const at = (day: number) => new Date(`2026-03-${String(day).padStart(2, '0')}T09:00:00Z`);

describe('a changed lead patched into the cache', () => {
  afterEach(() => vi.useRealTimers());

  it('moves a lead marked contacted from Leads Activos and its board column to Contactados and the next column, fetching nothing', () => {
    const { queryClient, trpc, put, ids, invalidated } = setup();
    const lead = aLead({ id: 2, createdAt: at(2) });
    const activos = trpc.leads.list.infiniteQueryKey({ view: 'leads', limit: 24 });
    const contactados = trpc.leads.list.infiniteQueryKey({ view: 'contacted', limit: 24 });
    const nuevo = trpc.pipeline.column.infiniteQueryKey({ status: 'nuevo' });
    const contactado = trpc.pipeline.column.infiniteQueryKey({ status: 'contactado' });
    put(activos, [[aLead({ id: 3, createdAt: at(3) }), lead]]);
    put(contactados, [
      [
        aLead({ id: 4, status: 'contactado', contactedAt: at(5), createdAt: at(4) }),
        aLead({ id: 1, status: 'convertido', createdAt: at(1) }),
      ],
    ]);
    put(nuevo, [[lead]]);
    put(contactado, [[]]);
    queryClient.setQueryData(trpc.leads.byId.queryKey({ id: 2 }), lead);

    const marked = { ...lead, status: 'contactado' as const, contactedBy: VIEWER, contactedAt: at(9) };
    applyLeadChanged(queryClient, trpc, { leadId: 2, change: 'updated', lead: marked }, VIEWER);

    expect(ids(activos)).toEqual([[3]]);
    expect(ids(contactados)).toEqual([[4, 2, 1]]);
    expect(ids(nuevo)).toEqual([[]]);
    expect(ids(contactado)).toEqual([[2]]);
    expect(queryClient.getQueryData(trpc.leads.byId.queryKey({ id: 2 }))).toEqual(marked);
    for (const key of [activos, contactados, nuevo, contactado]) expect(invalidated(key)).toBe(false);
  });

  it('replaces a lead in place, drops it from a list whose assignee it left, and leaves it out of pages not loaded yet', () => {
    const { queryClient, trpc, put, ids } = setup();
    const mine = trpc.leads.list.infiniteQueryKey({ view: 'leads', assignedTo: 'me' });
    const everyone = trpc.leads.list.infiniteQueryKey({ view: 'leads', groupId: 5 });
    put(mine, [[aLead({ id: 8, assignedTo: VIEWER, createdAt: at(8) }), aLead({ id: 6, assignedTo: VIEWER, createdAt: at(6) })]]);
    put(everyone, [[aLead({ id: 8, groupId: 5, createdAt: at(8) })]], 'more');

    const reassigned = aLead({ id: 6, assignedTo: 9, groupId: 5, name: 'Nuevo nombre', createdAt: at(6) });
    applyLeadChanged(queryClient, trpc, { leadId: 6, change: 'assigned', lead: reassigned }, VIEWER);
    expect(ids(mine)).toEqual([[8]]);
    // Older than every loaded item while more pages follow: the next page brings it.
    expect(ids(everyone)).toEqual([[8]]);

    applyLeadChanged(
      queryClient,
      trpc,
      { leadId: 8, change: 'updated', lead: aLead({ id: 8, groupId: 5, name: 'Otro', createdAt: at(8) }) },
      VIEWER,
    );
    expect(queryClient.getQueryData<InfiniteData<LeadPage>>(everyone)?.pages[0]?.items[0]?.name).toBe('Otro');
  });

  it('refetches only a list it cannot decide: a text search, or a sort the change moved the lead in', () => {
    const { queryClient, trpc, put, invalidated } = setup();
    const search = trpc.leads.list.infiniteQueryKey({ view: 'leads', q: 'sonrisa' });
    const byName = trpc.leads.list.infiniteQueryKey({ view: 'leads', sort: 'name:asc' });
    const plain = trpc.leads.list.infiniteQueryKey({ view: 'leads' });
    const lead = aLead({ id: 2 });
    put(search, [[lead]]);
    put(byName, [[lead]]);
    put(plain, [[lead]]);
    const renamed = { ...lead, name: 'Zapatería' };
    applyLeadChanged(queryClient, trpc, { leadId: 2, change: 'updated', lead: renamed }, VIEWER);
    expect(invalidated(search)).toBe(true);
    expect(invalidated(byName)).toBe(true);
    expect(invalidated(plain)).toBe(false);
  });

  it('drops a deleted lead from every list', () => {
    const { queryClient, trpc, put, ids } = setup();
    const list = trpc.leads.list.infiniteQueryKey({ view: 'leads' });
    put(list, [[aLead({ id: 3 }), aLead({ id: 2 })]]);
    applyLeadChanged(queryClient, trpc, { leadId: 3, change: 'deleted' }, VIEWER);
    expect(ids(list)).toEqual([[2]]);
  });

  it('refreshes the counts once, a second after a burst of changes, and at least every three seconds', () => {
    vi.useFakeTimers();
    const { queryClient, trpc, invalidated } = setup();
    const counts = trpc.leads.counts.queryKey({});
    queryClient.setQueryData(counts, { leads: 1, contacted: 0, groups: 0, inGroups: 0 });
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    const countRefreshes = () =>
      spy.mock.calls.filter(([filters]) => JSON.stringify(filters?.queryKey) === JSON.stringify(trpc.leads.counts.pathKey())).length;
    for (let change = 0; change < 5; change += 1) {
      scheduleLeadAggregates(queryClient, trpc, change);
      vi.advanceTimersByTime(500);
    }
    expect(countRefreshes()).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(countRefreshes()).toBe(1);
    expect(invalidated(counts)).toBe(true);
    for (let change = 0; change < 8; change += 1) {
      scheduleLeadAggregates(queryClient, trpc, change);
      vi.advanceTimersByTime(500);
    }
    expect(countRefreshes()).toBe(2);
  });

  it("writes an open board's refetched counts into it and keeps its cards, without refetching the board", async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const client = createTRPCClient<AppRouter>({
      links: [
        () =>
          ({ op }) =>
            observable((observer) => {
              calls.push(op.path);
              if (op.path !== 'pipeline.counts') return observer.error(new TRPCClientError(`sin respuesta: ${op.path}`));
              const counts = { nuevo: 4, contactado: 1, interesado: 0, convertido: 0, perdido: 0 };
              observer.next({
                result: { type: 'data', data: { columns: Object.entries(counts).map(([status, count]) => ({ status, count })) } },
              });
              observer.complete();
            }),
      ],
    });
    const queryClient = createQueryClient();
    const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient });
    const column = (status: 'nuevo' | 'contactado' | 'interesado' | 'convertido' | 'perdido', count: number) => ({
      status,
      count,
      value: '0.00',
      items: status === 'nuevo' ? [aLead({ id: 2 })] : [],
      nextCursor: null,
    });
    const board = {
      columns: [column('nuevo', 5), column('contactado', 0), column('interesado', 0), column('convertido', 0), column('perdido', 0)],
    };
    queryClient.setQueryData(trpc.pipeline.board.queryKey({}), board);
    const observer = new QueryObserver(queryClient, {
      queryKey: trpc.pipeline.board.queryKey({}),
      queryFn: () => board,
      staleTime: Infinity,
    });
    const stop = observer.subscribe(() => undefined);
    scheduleLeadAggregates(queryClient, trpc, 2);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(trpc.pipeline.board.queryKey({}))?.columns.map((c) => c.count)).toEqual([4, 1, 0, 0, 0]),
    );
    expect(queryClient.getQueryData(trpc.pipeline.board.queryKey({}))?.columns[0]?.items.map((lead) => lead.id)).toEqual([2]);
    expect(calls).toEqual(['pipeline.counts']);
    stop();
  });
});
