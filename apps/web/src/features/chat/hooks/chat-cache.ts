/** Applies live chat events to the TanStack Query cache, so every screen shows them without a refetch of the conversation. */
import type { ChatMessage } from '@crm/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { useTRPC } from '../../../lib/trpc';
import { typingKey } from './typing-store';

type Trpc = ReturnType<typeof useTRPC>;

/** Adds a message to its conversation (both sides' views), ignoring an id already shown (a REST answer and its live copy). */
export function addMessageToCache(queryClient: QueryClient, trpc: Trpc, viewerId: number, message: ChatMessage): void {
  if (message.channelId !== null) {
    // The newest page of the channel (the one an open channel shows, whatever its limit) takes it.
    queryClient.setQueriesData<ChatMessage[]>({ queryKey: trpc.chat.channelMessages.queryKey({ channelId: message.channelId }) }, (old) =>
      old && !old.some((known) => known.id === message.id) ? [...old, message].sort((a, b) => a.id - b.id) : old,
    );
    return;
  }
  if (message.receiverId === null) return;
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
