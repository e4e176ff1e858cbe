/** The typed tRPC client: HTTP batching for queries and mutations, a WebSocket for subscriptions. */
import type { AppRouter } from '@crm/api';
import { CHAT_LIMITS, TRPC_MAX_BATCH_SIZE } from '@crm/domain';
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import { handleUnauthorized } from './unauthorized';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

function socketUrl(path: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}${path}`;
}

const wsClient = createWSClient({
  url: () => socketUrl('/trpc'),
  // Opens only while a subscription is active (i.e. once signed in), closes when none is.
  lazy: { enabled: true, closeMs: 0 },
  retryDelayMs: () => CHAT_LIMITS.reconnectDelayMs,
  onClose: (cause) => {
    // The server closes with 1000 only when the session ended (logout elsewhere, deactivation,
    // expiry: docs/live-protocol.md). Reconnecting would be refused for ever: stop, and sign out.
    if (cause?.code !== CHAT_LIMITS.normalCloseCode) return;
    void wsClient.close();
    handleUnauthorized();
  },
});

/** Closes the live socket for good before a deliberate sign-out, so its end is not taken for a lost session. */
export function closeLiveSocket(): Promise<void> {
  return wsClient.close();
}

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
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
