/** Test helpers for the live protocols: a /ws socket that collects frames, and a tRPC WebSocket client, both with a session cookie. */
import { createTRPCClient, createWSClient, type TRPCClient, type TRPCWebSocketClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { expect } from 'vitest';
import WebSocket from 'ws';
import type { AppRouter } from '../trpc/root.js';
import { frameText } from '../ws/frame-text.js';
import type { ApiClient } from './harness.js';

function wsUrl(baseUrl: string, path: string): string {
  return new URL(path, baseUrl.replace(/^http/, 'ws')).toString();
}

export interface WsFrame {
  type: string;
  // Frames are read loosely in tests; each assertion states the shape it expects.
  [key: string]: any;
}

/** A /ws connection that records every frame and lets a test wait for one. */
export class LiveSocket {
  readonly frames: WsFrame[] = [];
  private waiters: { match: (frame: WsFrame) => boolean; resolve: (frame: WsFrame) => void }[] = [];
  closed: Promise<{ code: number; reason: string }>;

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(frameText(data)) as WsFrame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.match(frame)) return true;
        waiter.resolve(frame);
        return false;
      });
    });
    this.closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first frame (already received or still to come) that matches. */
  next(match: (frame: WsFrame) => boolean, timeoutMs = 10_000): Promise<WsFrame> {
    const existing = this.frames.find(match);
    if (existing) return Promise.resolve(existing);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching frame; got ${JSON.stringify(this.frames)}`)), timeoutMs);
      this.waiters.push({
        match,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      });
    });
  }

  close(): Promise<{ code: number; reason: string }> {
    this.socket.close(1000);
    return this.closed;
  }
}

/** Opens /ws as `client`; resolves once open, or rejects with the refusal's HTTP status. */
export function openLiveSocket(baseUrl: string, client: ApiClient | undefined, headers: Record<string, string> = {}): Promise<LiveSocket> {
  const socket = new WebSocket(wsUrl(baseUrl, '/ws'), {
    headers: { ...(client ? { cookie: client.cookies.header() } : {}), ...headers },
  });
  const live = new LiveSocket(socket);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(live));
    socket.once('unexpected-response', (_request, response) => reject(new RefusedUpgrade(response.statusCode ?? 0)));
    socket.once('error', reject);
  });
}

export class RefusedUpgrade extends Error {
  constructor(readonly status: number) {
    super(`upgrade refused with ${status}`);
  }
}

/** A `ws` WebSocket that sends the session cookie (and any other headers), as a browser would on the upgrade. */
function webSocketWithHeaders(headers: Record<string, string>) {
  return class extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers });
    }
  };
}

export interface LiveTrpc {
  trpc: TRPCClient<AppRouter>;
  wsClient: TRPCWebSocketClient;
}

/** A tRPC client over the WebSocket, as the web app uses it, with a fast retry for tests. */
export function createLiveTrpc(baseUrl: string, client: ApiClient, retryDelayMs = 50, headers: Record<string, string> = {}): LiveTrpc {
  const wsClient = createWSClient({
    url: wsUrl(baseUrl, '/trpc'),
    WebSocket: webSocketWithHeaders({ ...headers, cookie: client.cookies.header() }) as unknown as typeof globalThis.WebSocket,
    retryDelayMs: () => retryDelayMs,
  });
  const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] });
  return { trpc, wsClient };
}

/** Far below the sweep's 15 s: only the announcement can close a connection this soon. */
export const AT_ONCE = { timeout: 5_000 };

/** A /ws socket and a web-app feed of one browser session, both live. */
export async function openBoth(url: string, client: ApiClient): Promise<{ socket: LiveSocket; live: LiveTrpc; feedEnded: () => boolean }> {
  const socket = await openLiveSocket(url, client);
  const live = createLiveTrpc(url, client);
  let synced = false;
  let ended = false;
  live.trpc.live.onEvent.subscribe(undefined, {
    onData: (item) => {
      if (('data' in item ? item.data : item).type === 'synced') synced = true;
    },
    onComplete: () => {
      ended = true;
    },
  });
  await expect.poll(() => synced).toBe(true);
  return { socket, live, feedEnded: () => ended };
}

type FeedItem = Parameters<NonNullable<Parameters<LiveTrpc['trpc']['live']['onEvent']['subscribe']>[1]['onData']>>[0];

/** Chat messages come tracked ({ id, data }) so that a reconnect resumes after them; other events come bare. */
const unwrap = (item: FeedItem) => ('data' in item ? item.data : item);
type FeedEvent = ReturnType<typeof unwrap>;

/**
 * The web app's feed as `client`, once it says it is synced (registered with the live hub): every
 * event it receives, unwrapped, in arrival order; and its closer.
 */
export async function openFeed(url: string, client: ApiClient): Promise<{ events: FeedEvent[]; close: () => Promise<void> }> {
  const live = createLiveTrpc(url, client);
  const events: FeedEvent[] = [];
  const subscription = live.trpc.live.onEvent.subscribe(undefined, {
    onData: (item) => events.push(unwrap(item)),
  });
  await expect.poll(() => events.some((event) => event.type === 'synced'), { timeout: 5_000 }).toBe(true);
  return {
    events,
    close: async () => {
      subscription.unsubscribe();
      await live.wsClient.close();
    },
  };
}
