/** While a conversation is open, whatever the other person sent and was unread is reported read (spec §4). */
import type { ChatMessage } from '@crm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { markReadInCache, refreshChatSummaries } from './chat-cache';

export function useMarkConversationRead(otherId: number, viewerId: number, messages: ChatMessage[] | undefined): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const markRead = useMutation(
    trpc.chat.markConversationRead.mutationOptions({
      onSuccess: ({ messageIds }) => {
        markReadInCache(queryClient, trpc, messageIds);
        refreshChatSummaries(queryClient, trpc);
      },
    }),
  );
  const unreadIds = (messages ?? []).filter((m) => m.senderId === otherId && m.receiverId === viewerId && !m.isRead).map((m) => m.id);
  const newestUnread = unreadIds.at(-1);
  const { mutate, isPending } = markRead;

  useEffect(() => {
    if (newestUnread !== undefined && !isPending) mutate({ userId: otherId });
  }, [newestUnread, otherId, isPending, mutate]);
}
