/** Applies live chat events to the TanStack Query cache, so every screen shows them without a refetch of the conversation. */
import type { ChatMessage } from '@crm/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { useTRPC } from '../../../lib/trpc';
import { typingKey } from './typing-store';

type Trpc = ReturnType<typeof useTRPC>;

/** Adds a message to its conversation (both sides' views), ignoring an id already shown (a REST answer and its live copy). */
export function addMessageToCache(queryClient: QueryClient, trpc: Trpc, viewerId: number, message: ChatMessage): void {
  const withMessage = (old: ChatMessage[] | undefined) =>
    old && !old.some((known) => known.id === message.id) ? [...old, message].sort((a, b) => a.id - b.id) : old;
  if (message.channelId !== null) {
    // The newest page of the channel (the one an open channel shows, whatever its limit) takes it.
    const channelPages = trpc.chat.channelMessages.queryKey({ channelId: message.channelId });
    queryClient.setQueriesData<ChatMessage[]>({ queryKey: channelPages }, withMessage);
    refetchWhereUnderWay(queryClient, channelPages);
    return;
  }
  if (message.receiverId === null) return;
  const otherId = message.senderId === viewerId ? message.receiverId : message.senderId;
  const conversation = trpc.chat.messages.queryKey({ userId: otherId });
  queryClient.setQueryData(conversation, withMessage);
  refetchWhereUnderWay(queryClient, conversation);
}

/**
 * A fetch already under way (the refresh after a reconnect, say) may have read these lists before
 * the live event happened, and would replace them without it when it lands: each is asked again,
 * and the new answer includes it.
 */
function refetchWhereUnderWay(queryClient: QueryClient, queryKey: readonly unknown[]): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey, fetchStatus: 'fetching' })) {
    void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }
}

/** Turns the read tick of these messages blue, wherever they are cached. */
export function markReadInCache(queryClient: QueryClient, trpc: Trpc, messageIds: readonly number[]): void {
  const ids = new Set(messageIds);
  queryClient.setQueriesData<ChatMessage[]>({ queryKey: trpc.chat.messages.pathKey() }, (old) =>
    old?.some((message) => ids.has(message.id) && !message.isRead)
      ? old.map((message) => (ids.has(message.id) ? { ...message, isRead: true } : message))
      : old,
  );
  refetchWhereUnderWay(queryClient, trpc.chat.messages.pathKey());
}

/** A member read a channel up to a message: 'Visto por N' counts them from there on. */
export function markChannelReadInCache(
  queryClient: QueryClient,
  trpc: Trpc,
  event: { channelId: number; readerId: number; upToId: number },
): void {
  queryClient.setQueryData(trpc.chat.channelMembers.queryKey({ channelId: event.channelId }), (old) =>
    old?.map((member) =>
      member.id === event.readerId ? { ...member, lastReadMessageId: Math.max(member.lastReadMessageId, event.upToId) } : member,
    ),
  );
}

/** Where a message's sender was typing: the channel, or (seen from the receiver) the one-to-one chat with the sender. */
export function messageTypingKey(message: ChatMessage): string {
  return message.channelId !== null ? typingKey({ channelId: message.channelId }) : typingKey({ userId: message.senderId });
}

/** The contact and channel lists and the unread badge depend on every message and receipt. */
export function refreshChatSummaries(queryClient: QueryClient, trpc: Trpc): void {
  void queryClient.invalidateQueries({ queryKey: trpc.chat.contacts.queryKey() });
  void queryClient.invalidateQueries({ queryKey: trpc.chat.channels.queryKey() });
  void queryClient.invalidateQueries({ queryKey: trpc.chat.unreadTotal.queryKey() });
}
