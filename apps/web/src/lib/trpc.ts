/** The typed tRPC client: HTTP batching for queries and mutations, a WebSocket for subscriptions. */
import type { AppRouter } from '@crm/api';
import { CHAT_LIMITS, TRPC_MAX_BATCH_SIZE } from '@crm/domain';
import { type TRPCLink, createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import { handleUnauthorized } from './unauthorized';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

function socketUrl(path: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}${path}`;
}

/** Set while the person signs out here: the session's end is then expected, not news. */
let signingOut = false;

export function expectSignOut(expected: boolean): void {
  signingOut = expected;
}

/** The session ended: no socket may reconnect (it would be refused for ever), and the person signs in again. */
function endSession(): void {
  void wsClient.close();
  if (!signingOut) handleUnauthorized();
}

/** How long the socket stays open once no subscription needs it. */
const SOCKET_IDLE_CLOSE_MS = 10_000;

const wsClient = createWSClient({
  url: () => socketUrl('/trpc'),
  // Opens only while a subscription is active (i.e. once signed in), closes a while after none is.
  // While one is, tRPC re-arms this delay each time it runs out: at 0 ms that was a timer every 4 ms
  // for as long as the app was open, a phone's main thread never at rest (issue 25).
  lazy: { enabled: true, closeMs: SOCKET_IDLE_CLOSE_MS },
  retryDelayMs: () => CHAT_LIMITS.reconnectDelayMs,
  onClose: (cause) => {
    // The server closes with 1000 only when the session ended (logout elsewhere, deactivation,
    // expiry: docs/live-protocol.md).
    if (cause?.code === CHAT_LIMITS.normalCloseCode) endSession();
  },
});

/**
 * The server ends a subscription itself when the session ended, a moment before it closes the
 * socket with 1000; the client, left with no subscription, may close its socket first and never see
 * that code. So a subscription the server stops is checked against the session: refused, it ends.
 */
const subscriptionEndLink: TRPCLink<AppRouter> = () => {
  return ({ next, op }) =>
    observable((observer) =>
      next(op).subscribe({
        next(envelope) {
          if (op.type === 'subscription' && envelope.result.type === 'stopped') {
            void fetch('/api/auth/user')
              .then((response) => {
                if (response.status === 401) endSession();
              })
              // Offline: the reconnect that follows will find out.
              .catch(() => undefined);
          }
          observer.next(envelope);
        },
        error: (error) => observer.error(error),
        complete: () => observer.complete(),
      }),
    );
};

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      subscriptionEndLink,
      splitLink({
        // Subscriptions, and chat sends made while the live link is up, travel over the socket.
        condition: (op) => op.type === 'subscription' || op.context['viaSocket'] === true,
        true: wsLink({ client: wsClient, transformer: superjson }),
        false: httpBatchLink({
          url: '/trpc',
          transformer: superjson,
          maxItems: TRPC_MAX_BATCH_SIZE,
        }),
      }),
    ],
  });
}
