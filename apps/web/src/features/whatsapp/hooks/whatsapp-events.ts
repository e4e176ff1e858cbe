/** WhatsApp's events from the live feed (LiveProvider), written into the open conversation's cache; the inbox refetches. */
import type { WhatsAppConversation, WhatsAppMessage } from '@crm/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { useTRPC } from '../../../lib/trpc';

type Trpc = ReturnType<typeof useTRPC>;

type WhatsAppEvent = { type: 'whatsapp'; whatsappMessage: WhatsAppMessage } | { type: 'whatsappRead'; leadId: number };

/** Oldest first, by the time WhatsApp gives and then the id, as the server orders them. */
function byTime(a: WhatsAppMessage, b: WhatsAppMessage): number {
  return new Date(a.sentAt).getTime() - new Date(b.sentAt).getTime() || a.id - b.id;
}

/** The message replaces the one with its id (a tick moved on, its media arrived) or joins the conversation. */
export function upsertWhatsAppMessage(conversation: WhatsAppConversation, message: WhatsAppMessage): WhatsAppConversation {
  const known = conversation.messages.some((item) => item.id === message.id);
  const messages = known
    ? conversation.messages.map((item) => (item.id === message.id ? message : item))
    : [...conversation.messages, message].sort(byTime);
  const state = conversation.conversation;
  const inbound = !known && message.direction === 'inbound' && message.origin === 'cloud';
  return {
    ...conversation,
    messages,
    conversation:
      state && inbound
        ? { ...state, lastInboundAt: message.sentAt, lastMessageAt: message.sentAt, unreadCount: state.unreadCount + 1 }
        : state,
  };
}

export function applyWhatsAppEvent(queryClient: QueryClient, trpc: Trpc, event: WhatsAppEvent): void {
  if (event.type === 'whatsapp') {
    const key = trpc.whatsapp.conversation.queryKey({ leadId: event.whatsappMessage.leadId });
    const cached = queryClient.getQueryData(key);
    // The first message of a conversation also creates its state (the window): read it whole.
    if (cached?.conversation) queryClient.setQueryData(key, upsertWhatsAppMessage(cached, event.whatsappMessage));
    else void queryClient.invalidateQueries({ queryKey: key });
  }
  void queryClient.invalidateQueries({ queryKey: trpc.whatsapp.pathKey(), predicate: (query) => !isConversationQuery(query.queryKey) });
}

/** The conversation's own queries are patched above; every other WhatsApp query (inbox, badge) refetches. */
function isConversationQuery(key: readonly unknown[]): boolean {
  const path = key[0];
  return Array.isArray(path) && path[1] === 'conversation';
}
