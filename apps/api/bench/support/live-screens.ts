/**
 * What the web app does with a lead event, driven through the real tRPC client (HTTP batching for
 * queries, the /trpc WebSocket for `live.onEvent`), one client per signed-in user with the Leads
 * screen (Leads Activos, first page), its tab counts, the board (five columns and their counts) and
 * the sidebar's follow-up badge loaded. Two rule sets:
 * - `refetch-all`: the web app before issue 25. Every `leadChanged` invalidated every lead list,
 *   board query, follow-up query and timeline, so each open screen refetched them all; the actor's
 *   own write refetched them too, and then again on its echo.
 * - `patch`: the web app now (apps/web/src/features/leads/hooks/lead-events.ts). The event's list
 *   item patches the cached list and columns with the domain's leadListMatch, nothing is fetched for
 *   it; the tab counts, the board's column counts (pipeline.counts) and the badge refetch once
 *   changes pause for QUIET_MS (at most MAX_WAIT_MS after the first), as lead-aggregates.ts does.
 */
import type { AppRouter } from '../../src/trpc/root.js';
import { type LeadListItem, leadListMatch, LEAD_STATUSES, type LeadStatus } from '@crm/domain';
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, type TRPCClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import WebSocket from 'ws';

export type ScreenRules = 'refetch-all' | 'patch';

const QUIET_MS = 1000;
const MAX_WAIT_MS = 3000;
const LIST_INPUT = { view: 'leads', limit: 24 } as const;

/** When each change was sent, and when each screen showed it (ms, performance.now()). */
export class ChangeLog {
  private readonly sentAt = new Map<number, number>();
  private readonly shownAt = new Map<number, number[]>();

  sent(leadId: number, at: number): void {
    this.sentAt.set(leadId, at);
    this.shownAt.set(leadId, []);
  }

  shown(leadId: number, at: number): void {
    this.shownAt.get(leadId)?.push(at);
  }

  /** Per change, the time until the last of `screens` showed it (Infinity if one never did). */
  untilEveryScreen(screens: number): number[] {
    return [...this.sentAt].map(([leadId, sent]) => {
      const shown = this.shownAt.get(leadId) ?? [];
      return shown.length < screens ? Infinity : Math.max(...shown) - sent;
    });
  }
}

function webSocketWithCookie(cookie: string) {
  return class extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers: { cookie } });
    }
  };
}

export class Screen {
  /** tRPC procedure calls, and HTTP requests carrying them (the client batches calls made together). */
  calls = 0;
  requests = 0;
  private readonly trpc: TRPCClient<AppRouter>;
  private readonly wsClient: ReturnType<typeof createWSClient>;
  private list: LeadListItem[] = [];
  private readonly columns = new Map<LeadStatus, LeadListItem[]>();
  private aggregates: { timer: ReturnType<typeof setTimeout>; since: number } | undefined;
  private unsubscribe: (() => void) | undefined;
  /** Events of a run that are waiting for their refetch to show (refetch-all), in arrival order. */
  private refetching: Promise<void> = Promise.resolve();

  constructor(
    readonly url: string,
    readonly cookie: string,
    readonly userId: number,
    private readonly rules: () => ScreenRules,
    private readonly log: () => ChangeLog,
  ) {
    const countingFetch: typeof fetch = async (input, init) => {
      this.requests += 1;
      return fetch(input, init);
    };
    this.wsClient = createWSClient({
      url: new URL('/trpc', url.replace(/^http/, 'ws')).toString(),
      WebSocket: webSocketWithCookie(cookie) as unknown as typeof globalThis.WebSocket,
    });
    this.trpc = createTRPCClient<AppRouter>({
      links: [
        splitLink({
          condition: (op) => op.type === 'subscription',
          true: wsLink({ client: this.wsClient, transformer: superjson }),
          false: httpBatchLink({
            url: new URL('/trpc', url).toString(),
            transformer: superjson,
            headers: { cookie },
            fetch: countingFetch,
            maxItems: 10,
          }),
        }),
      ],
    });
  }

  /** Opens the screens (every query once) and the live feed; resolves once the feed is live. */
  async open(): Promise<void> {
    await this.refetchScreens();
    await new Promise<void>((resolve, reject) => {
      const subscription = this.trpc.live.onEvent.subscribe(undefined, {
        onData: (item) => {
          const event = 'data' in item ? item.data : item;
          if (event.type === 'synced') resolve();
          if (event.type === 'leadChanged') this.onLeadChanged(event.leadId, event.lead);
        },
        onError: reject,
      });
      this.unsubscribe = () => subscription.unsubscribe();
    });
  }

  /** The actor's write: a status move, as a card's action or a drag on the board does it. */
  async moveStatus(leadId: number, status: LeadStatus): Promise<void> {
    this.calls += 1;
    const lead = await this.trpc.leads.update.mutate({ id: leadId, data: { status } });
    // refetch-all: useRefreshLeads after the write (the echo refetches again). patch: the answer goes into the cache.
    if (this.rules() === 'refetch-all') void this.refetchScreens();
    else this.patch(lead);
  }

  async close(): Promise<void> {
    if (this.aggregates) clearTimeout(this.aggregates.timer);
    this.unsubscribe?.();
    await this.wsClient.close();
  }

  /** Whether the debounced count refresh is still to run. */
  get settling(): boolean {
    return this.aggregates !== undefined;
  }

  private onLeadChanged(leadId: number, lead: LeadListItem | undefined): void {
    if (this.rules() === 'refetch-all' || !lead) {
      // Shown once a refetch that started after the event has answered.
      const round = this.refetchScreens();
      this.refetching = this.refetching.then(() => round).then(() => this.log().shown(leadId, performance.now()));
      return;
    }
    this.patch(lead);
    this.log().shown(leadId, performance.now());
  }

  private patch(lead: LeadListItem): void {
    this.list = patchList(this.list, lead, (item) => leadListMatch(item, LIST_INPUT, this.userId) === 'yes');
    for (const status of LEAD_STATUSES) {
      this.columns.set(
        status,
        patchList(this.columns.get(status) ?? [], lead, (item) => leadListMatch(item, { status }, this.userId) === 'yes'),
      );
    }
    this.scheduleAggregates();
  }

  private scheduleAggregates(): void {
    const now = performance.now();
    if (this.aggregates) clearTimeout(this.aggregates.timer);
    const since = this.aggregates?.since ?? now;
    const timer = setTimeout(
      () => {
        this.aggregates = undefined;
        void this.refetchAggregates();
      },
      Math.max(0, Math.min(QUIET_MS, since + MAX_WAIT_MS - now)),
    );
    this.aggregates = { timer, since };
  }

  /** Every query the screens hold, in one tick (one batched request), as an invalidation of all of them does. */
  private async refetchScreens(): Promise<void> {
    this.calls += 4;
    const [page, , board] = await Promise.all([
      this.trpc.leads.list.query(LIST_INPUT),
      this.trpc.leads.counts.query({}),
      this.trpc.pipeline.board.query({}),
      this.trpc.followUps.badge.query(),
    ]);
    this.list = page.items;
    for (const column of board.columns) this.columns.set(column.status, column.items);
  }

  /** The figures an item cannot patch: tab counts, the board's column counts (alone), the badge. */
  private async refetchAggregates(): Promise<void> {
    this.calls += 3;
    await Promise.all([this.trpc.leads.counts.query({}), this.trpc.pipeline.counts.query({}), this.trpc.followUps.badge.query()]);
  }
}

/** The lead replaced in place, dropped once it no longer belongs, or added newest first (the lists' sort). */
function patchList(items: LeadListItem[], lead: LeadListItem, belongs: (lead: LeadListItem) => boolean): LeadListItem[] {
  const without = items.filter((item) => item.id !== lead.id);
  if (!belongs(lead)) return without;
  const last = items.at(-1);
  if (items.some((item) => item.id === lead.id) || !last || lead.createdAt >= last.createdAt) {
    return [...without, lead].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  }
  return items;
}
