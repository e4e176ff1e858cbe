import { describe, expect, it } from 'vitest';
import type { BusEvent } from './event-bus.js';
import { eventsOfPayload, MAX_PAYLOAD_BYTES, notifyPayloads } from './notify-payloads.js';

const notification = (id: number): BusEvent => ({
  type: 'deliver',
  to: { userIds: [id] },
  event: {
    type: 'notification',
    notification: {
      id,
      kind: 'chat_message',
      title: 'Mensajes nuevos en General',
      body: `Elena Martínez: ${'¿Quedamos mañana para revisar los leads? '.repeat(3)}`,
      leadId: null,
      groupId: null,
      channelId: 1,
      senderId: null,
      count: 1,
      createdAt: new Date('2026-11-24T10:00:00Z'),
      readAt: null,
    },
  },
});

describe('NOTIFY payloads', () => {
  it('packs a burst of events into few payloads, each under the limit, and gives them back in order', () => {
    const events = Array.from({ length: 199 }, (_, index) => notification(index + 1));
    const payloads = notifyPayloads(events);
    expect(payloads.length).toBeLessThan(20);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    const back = payloads.flatMap(eventsOfPayload);
    expect(back.map((event) => (event.type === 'deliver-wire' && 'userIds' in event.to ? event.to.userIds[0] : undefined))).toEqual(
      events.map((_, index) => index + 1),
    );
  });

  it('keeps events that are not deliveries as they are', () => {
    const events: BusEvent[] = [{ type: 'sessions-ended', userId: 4 }, { type: 'resync' }];
    expect(notifyPayloads(events).flatMap(eventsOfPayload)).toEqual(events);
  });
});
