/**
 * The app's live link, opened once after login (mounted in the app shell): one tRPC subscription,
 * `live.onEvent`, that resumes from the last chat message it saw after a drop and hands each event
 * to the feature whose cache it feeds. Screens read whether it is up (the chat's REST fallback,
 * import progress polling).
 */
import { useThrottledCallback } from '@mantine/hooks';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../auth/CurrentUserContext';
import { whenIdle } from '../../lib/idle-module';
import { refetchAfterEvent } from '../../lib/query-client';
import { useTRPC } from '../../lib/trpc';
import { applyChatEvent } from '../chat/hooks/chat-events';
import { showFollowUpDueToast } from '../follow-ups/hooks/follow-up-due-toast';
import { refreshFollowUps } from '../follow-ups/hooks/useFollowUpQueries';
import { applyImportJobEvent } from '../leads/hooks/import-job-cache';
import { applyGroupDeleted, applyLeadAccessChanged, applyLeadChanged, applyLeadsHidden } from '../leads/hooks/lead-events';
import { applyNotificationEvent } from '../notifications/hooks/notification-events';
import { applyTeamSettingsChanged } from '../settings/hooks/settings-events';
import { applyWhatsAppEvent } from '../whatsapp/hooks/whatsapp-events';

const BULK_REFRESH_MS = 1000;

const syncedBefore = new WeakSet<QueryClient>();

/**
 * The feed's first `synced` comes right after it opened, while the screen's first queries are
 * fetching or just fetched: refetching them all would only repeat those requests (a second round of
 * parsing and rendering on a phone's first load). A sign-out reloads the page, so each session's
 * client sees its first `synced` once; every later one is a reconnect.
 */
function isFirstSync(queryClient: QueryClient): boolean {
  const first = !syncedBefore.has(queryClient);
  syncedBefore.add(queryClient);
  return first;
}

/** The bell and the menu's badges: the counts the live link keeps current, and the bell's list. */
function refreshBadges(queryClient: QueryClient, trpc: ReturnType<typeof useTRPC>): void {
  applyNotificationEvent(queryClient, trpc, { type: 'synced' });
  for (const queryKey of [trpc.chat.unreadTotal.queryKey(), trpc.whatsapp.unread.queryKey(), trpc.followUps.badge.queryKey()]) {
    void refetchAfterEvent(queryClient, queryKey);
  }
}

const LiveContext = createContext<{ connected: boolean }>({ connected: false });

export function LiveProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const viewer = useCurrentUser();
  const navigate = useNavigate();
  // A bulk action sends an event per batch: lists refetch at most once a second meanwhile, and once after the last.
  const refreshAfterBulk = useThrottledCallback(() => refreshFollowUps(queryClient, trpc), BULK_REFRESH_MS);
  const subscription = useSubscription(
    trpc.live.onEvent.subscriptionOptions(undefined, {
      onData: (envelope) => {
        // Messages come tracked ({ id, data }) so a reconnect resumes after them; other events come bare.
        const event = 'data' in envelope ? envelope.data : envelope;
        switch (event.type) {
          case 'chat':
          case 'typing':
          case 'channel':
          case 'read':
          case 'presence':
            applyChatEvent(queryClient, trpc, event, viewer.id);
            return;
          case 'notification':
          case 'notificationsRead':
            applyNotificationEvent(queryClient, trpc, event);
            return;
          case 'importJob':
            applyImportJobEvent(queryClient, trpc, event.job);
            return;
          case 'leadChanged':
            applyLeadChanged(queryClient, trpc, event, viewer.id);
            return;
          case 'whatsapp':
          case 'whatsappRead':
            applyWhatsAppEvent(queryClient, trpc, event);
            return;
          case 'leadsChanged':
            refreshAfterBulk();
            return;
          case 'leadsHidden':
            applyLeadsHidden(queryClient, trpc, event.leadIds);
            return;
          case 'leadAccessChanged':
            applyLeadAccessChanged(queryClient, trpc);
            return;
          case 'groupDeleted':
            applyGroupDeleted(queryClient, trpc);
            return;
          case 'teamSettingsChanged':
            applyTeamSettingsChanged(queryClient, trpc, event.phonesUpdated);
            return;
          case 'followUpDue':
            showFollowUpDueToast(event.followUp, (path) => void navigate(path));
            refreshFollowUps(queryClient, trpc);
            return;
          case 'synced':
            if (isFirstSync(queryClient)) {
              // What the shell's badges read before the feed listened may have changed since (a mention
              // sent while the page loaded came as no event): these few small counts read again, once
              // the first screen has drawn (a phone's first load has no time to spare for them).
              whenIdle(() => refreshBadges(queryClient, trpc));
              return;
            }
            // Back on line: receipts and presence may have changed while we were away, and lead changes
            // too (only chat messages are replayed).
            void queryClient.invalidateQueries({ queryKey: trpc.chat.pathKey() });
            applyNotificationEvent(queryClient, trpc, event);
            refreshFollowUps(queryClient, trpc);
            void queryClient.invalidateQueries({ queryKey: trpc.whatsapp.pathKey() });
            return;
        }
      },
    }),
  );
  return <LiveContext.Provider value={{ connected: subscription.status === 'pending' }}>{children}</LiveContext.Provider>;
}

/** Whether the live link is up right now. */
export function useLiveConnection(): { connected: boolean } {
  return useContext(LiveContext);
}
