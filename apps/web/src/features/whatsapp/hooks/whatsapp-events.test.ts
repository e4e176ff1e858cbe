import type { WhatsAppConversation, WhatsAppMessage } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { upsertWhatsAppMessage } from './whatsapp-events';

function message(id: number, minute: number, fields: Partial<WhatsAppMessage> = {}): WhatsAppMessage {
  return {
    id,
    leadId: 5,
    direction: 'outbound',
    origin: 'cloud',
    kind: 'text',
    body: `mensaje ${id}`,
    details: {},
    attachment: null,
    authorName: null,
    sentBy: null,
    status: 'sent',
    failureReason: null,
    sentAt: new Date(2026, 10, 27, 10, minute),
    ...fields,
  };
}

const conversation = (messages: WhatsAppMessage[]): WhatsAppConversation => ({
  conversation: { waId: '34600000000', lastMessageAt: new Date(2026, 10, 27, 10, 0), lastInboundAt: null, unreadCount: 0 },
  messages,
  hasMore: false,
  canReply: true,
  connected: true,
});

describe('upsertWhatsAppMessage', () => {
  it('replaces a message by its id: a tick moves on in place', () => {
    const next = upsertWhatsAppMessage(conversation([message(1, 1), message(2, 2)]), message(1, 1, { status: 'read' }));
    expect(next.messages.map((item) => [item.id, item.status])).toEqual([
      [1, 'read'],
      [2, 'sent'],
    ]);
  });

  it("places a new message by its time and counts a customer's as unread, opening the window", () => {
    const inbound = message(3, 1, { direction: 'inbound', status: 'received', sentAt: new Date(2026, 10, 27, 10, 1, 30) });
    const next = upsertWhatsAppMessage(conversation([message(1, 1), message(2, 2)]), inbound);
    expect(next.messages.map((item) => item.id)).toEqual([1, 3, 2]);
    expect(next.conversation).toMatchObject({ unreadCount: 1, lastInboundAt: inbound.sentAt });
    // The same event twice (two tabs, a reconnect) counts once.
    expect(upsertWhatsAppMessage(next, inbound).conversation?.unreadCount).toBe(1);
  });
});
