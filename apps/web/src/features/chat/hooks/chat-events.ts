/** The chat's events from the live feed (LiveProvider), written into the chat's caches. */
import type { ChatMessage } from '@crm/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { useTRPC } from '../../../lib/trpc';
import { addMessageToCache, markChannelReadInCache, markReadInCache, messageTypingKey, refreshChatSummaries } from './chat-cache';
import { clearTyping, recordTyping } from './typing-store';

type Trpc = ReturnType<typeof useTRPC>;

type ChatEvent =
  | { type: 'chat'; message: ChatMessage }
  | { type: 'typing'; userId: number; receiverId?: number; channelId?: number }
  | { type: 'channel'; channelId: number }
  | { type: 'read'; messageIds: number[]; readerId: number }
  | { type: 'read'; channelId: number; readerId: number; upToId: number }
  | { type: 'presence'; userId: number };

export function applyChatEvent(queryClient: QueryClient, trpc: Trpc, event: ChatEvent, viewerId: number): void {
  switch (event.type) {
    case 'chat':
      addMessageToCache(queryClient, trpc, viewerId, event.message);
      clearTyping(event.message.senderId, messageTypingKey(event.message));
      refreshChatSummaries(queryClient, trpc);
      return;
    case 'typing':
      recordTyping(event);
      return;
    case 'channel':
      // Its name or members changed (maybe we left it): the list and its member lists refetch.
      refreshChatSummaries(queryClient, trpc);
      void queryClient.invalidateQueries({ queryKey: trpc.chat.channelMembers.pathKey() });
      return;
    case 'read':
      if ('messageIds' in event) markReadInCache(queryClient, trpc, event.messageIds);
      else markChannelReadInCache(queryClient, trpc, event);
      refreshChatSummaries(queryClient, trpc);
      return;
    case 'presence':
      void queryClient.invalidateQueries({ queryKey: trpc.chat.onlineUserIds.queryKey() });
      return;
  }
}
