/**
 * The live chat link, opened once after login (mounted in the app shell): one tRPC
 * subscription that resumes from the last message it saw after a drop, feeding the
 * query cache. Screens read whether it is up to choose between it and the REST fallback.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { useTRPC } from '../../../lib/trpc';
import { addMessageToCache, markReadInCache, refreshChatSummaries } from './chat-cache';

const ChatLiveContext = createContext<{ connected: boolean }>({ connected: false });

export function ChatLiveProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const viewer = useCurrentUser();
  const subscription = useSubscription(
    trpc.chat.onEvent.subscriptionOptions(undefined, {
      onData: (envelope) => {
        // Messages come tracked ({ id, data }) so a reconnect resumes after them; other events come bare.
        const event = 'data' in envelope ? envelope.data : envelope;
        switch (event.type) {
          case 'chat':
            addMessageToCache(queryClient, trpc, viewer.id, event.message);
            refreshChatSummaries(queryClient, trpc);
            return;
          case 'read':
            markReadInCache(queryClient, trpc, event.messageIds);
            refreshChatSummaries(queryClient, trpc);
            return;
          case 'presence':
            void queryClient.invalidateQueries({ queryKey: trpc.chat.onlineUserIds.queryKey() });
            return;
          case 'importJob':
            // An import job's counters (no error lines): screens that follow the job read them from here.
            queryClient.setQueryData(['import-jobs', event.job.id], event.job);
            void queryClient.invalidateQueries({ queryKey: ['import-jobs', 'list'] });
            return;
          case 'synced':
            // Back on line: receipts and presence may have changed while we were away.
            void queryClient.invalidateQueries({ queryKey: trpc.chat.pathKey() });
            return;
        }
      },
    }),
  );
  return <ChatLiveContext.Provider value={{ connected: subscription.status === 'pending' }}>{children}</ChatLiveContext.Provider>;
}

/** Whether the live link is up right now. */
export function useChatLive(): { connected: boolean } {
  return useContext(ChatLiveContext);
}
