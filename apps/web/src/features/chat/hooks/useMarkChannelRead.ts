/** While a channel is open, its newest message from someone else is reported read (once per message): 'Visto por N' for the others. */
import type { ChatMessage } from '@crm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { refreshChatSummaries } from './chat-cache';

export function useMarkChannelRead(channelId: number, viewerId: number, messages: ChatMessage[] | undefined): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { mutate } = useMutation(trpc.chat.markChannelRead.mutationOptions({ onSuccess: () => refreshChatSummaries(queryClient, trpc) }));
  const newest = (messages ?? []).filter((message) => message.senderId !== viewerId).at(-1)?.id;
  const reported = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (newest === undefined || reported.current === newest) return;
    reported.current = newest;
    mutate({ channelId });
  }, [newest, channelId, mutate]);
}
