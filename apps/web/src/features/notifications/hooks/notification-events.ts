/**
 * The live feed's notification events, handed from the one subscription (LiveProvider) to
 * the bell: the cache is refreshed here, and the bell's listener decides on a system alert.
 */
import type { Notification } from '@crm/domain';
import type { QueryClient } from '@tanstack/react-query';
import { refetchAfterEvent } from '../../../lib/query-client';
import type { useTRPC } from '../../../lib/trpc';

type Trpc = ReturnType<typeof useTRPC>;
type Listener = (notification: Notification) => void;

const listeners = new Set<Listener>();

export function onNewNotification(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A notification arrived or some were read elsewhere: the bell's list and count refetch. */
export function applyNotificationEvent(
  queryClient: QueryClient,
  trpc: Trpc,
  event: { type: 'notification'; notification: Notification } | { type: 'notificationsRead' } | { type: 'synced' },
): void {
  void refetchAfterEvent(queryClient, trpc.notifications.list.pathKey());
  void refetchAfterEvent(queryClient, trpc.notifications.unreadCount.queryKey());
  if (event.type === 'notification') for (const listener of listeners) listener(event.notification);
}
