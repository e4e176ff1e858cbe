/** While a conversation is open, whatever the other person sent and was unread is reported read. */
import type { ChatMessage } from '@crm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { markReadInCache, refreshChatSummaries } from './chat-cache';

export function useMarkConversationRead(otherId: number, viewerId: number, messages: ChatMessage[] | undefined): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { mutate } = useMutation(
    trpc.chat.markConversationRead.mutationOptions({
      onSuccess: ({ messageIds }) => {
        markReadInCache(queryClient, trpc, messageIds);
        refreshChatSummaries(queryClient, trpc);
      },
    }),
  );
  const newestUnread = (messages ?? []).filter((m) => m.senderId === otherId && m.receiverId === viewerId && !m.isRead).at(-1)?.id;
  // Once per newest unread message: a failed call is not retried in a loop, the next message tries again.
  const reported = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (newestUnread === undefined || reported.current === newestUnread) return;
    reported.current = newestUnread;
    mutate({ userId: otherId });
  }, [newestUnread, otherId, mutate]);
}
