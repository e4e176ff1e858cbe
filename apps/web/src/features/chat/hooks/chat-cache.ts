/** Applies live chat events to the TanStack Query cache, so every screen shows them without a refetch of the conversation. */
import type { ChatMessage } from '@crm/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { useTRPC } from '../../../lib/trpc';

type Trpc = ReturnType<typeof useTRPC>;

/** Adds a message to its conversation (both sides' views), ignoring an id already shown (a REST answer and its live copy). */
export function addMessageToCache(queryClient: QueryClient, trpc: Trpc, viewerId: number, message: ChatMessage): void {
  const otherId = message.senderId === viewerId ? message.receiverId : message.senderId;
  queryClient.setQueryData(trpc.chat.messages.queryKey({ userId: otherId }), (old) =>
    old && !old.some((known) => known.id === message.id) ? [...old, message].sort((a, b) => a.id - b.id) : old,
  );
}

/** Turns the read tick of these messages blue, wherever they are cached. */
export function markReadInCache(queryClient: QueryClient, trpc: Trpc, messageIds: readonly number[]): void {
  const ids = new Set(messageIds);
  queryClient.setQueriesData<ChatMessage[]>({ queryKey: trpc.chat.messages.pathKey() }, (old) =>
    old?.some((message) => ids.has(message.id) && !message.isRead)
      ? old.map((message) => (ids.has(message.id) ? { ...message, isRead: true } : message))
      : old,
  );
}

/** The contact list and the unread badge depend on every message and receipt. */
export function refreshChatSummaries(queryClient: QueryClient, trpc: Trpc): void {
  void queryClient.invalidateQueries({ queryKey: trpc.chat.contacts.queryKey() });
  void queryClient.invalidateQueries({ queryKey: trpc.chat.unreadTotal.queryKey() });
}
