/**
 * The live chat link, opened once after login (mounted in the app shell): one tRPC
 * subscription that resumes from the last message it saw after a drop, feeding the
 * query cache. Screens read whether it is up to choose between it and the REST fallback.
 */
import { useThrottledCallback } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { useTRPC } from '../../../lib/trpc';
import { addMessageToCache, markChannelReadInCache, markReadInCache, messageTypingKey, refreshChatSummaries } from './chat-cache';
import { clearTyping, recordTyping } from './typing-store';
import { applyImportJobEvent } from '../../leads/hooks/import-job-cache';
import { showFollowUpDueToast } from '../../follow-ups/hooks/follow-up-due-toast';
import { refreshFollowUps } from '../../follow-ups/hooks/useFollowUpQueries';
import { useNavigate } from 'react-router-dom';
import { applyNotificationEvent } from '../../notifications/hooks/notification-events';

const BULK_REFRESH_MS = 1000;

const ChatLiveContext = createContext<{ connected: boolean }>({ connected: false });

export function ChatLiveProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const viewer = useCurrentUser();
  const navigate = useNavigate();
  // A bulk action sends an event per batch: lists refetch at most once a second meanwhile, and once after the last.
  const refreshAfterBulk = useThrottledCallback(() => refreshFollowUps(queryClient, trpc), BULK_REFRESH_MS);
  const subscription = useSubscription(
    trpc.chat.onEvent.subscriptionOptions(undefined, {
      onData: (envelope) => {
        // Messages come tracked ({ id, data }) so a reconnect resumes after them; other events come bare.
        const event = 'data' in envelope ? envelope.data : envelope;
        switch (event.type) {
          case 'chat':
            addMessageToCache(queryClient, trpc, viewer.id, event.message);
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
          case 'notification':
          case 'notificationsRead':
            applyNotificationEvent(queryClient, trpc, event);
            return;
          case 'importJob':
            applyImportJobEvent(queryClient, trpc, event.job);
            return;
          case 'leadChanged':
            // A lead or its next follow-up changed somewhere: open lists, follow-ups and the badge refetch.
            refreshFollowUps(queryClient, trpc);
            return;
          case 'leadsChanged':
            refreshAfterBulk();
            return;
          case 'followUpDue':
            showFollowUpDueToast(event.followUp, (path) => void navigate(path));
            refreshFollowUps(queryClient, trpc);
            return;
          case 'synced':
            // Back on line: receipts and presence may have changed while we were away.
            void queryClient.invalidateQueries({ queryKey: trpc.chat.pathKey() });
            applyNotificationEvent(queryClient, trpc, event);
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
