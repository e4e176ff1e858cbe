import { createListenClient } from '@crm/db';
import { createTestDatabase, type TestDatabase } from '@crm/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent, EventBus } from './event-bus.js';
import { createPostgresBus } from './postgres-bus.js';

const quietLog = { error: () => undefined, warn: () => undefined };

describe('PostgreSQL event bus', () => {
  let database: TestDatabase;
  let publisher: EventBus;
  let listener: EventBus;

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = database.url;
    publisher = await createPostgresBus({ db: database.db, databaseUrl: url, log: quietLog });
    listener = await createPostgresBus({ db: database.db, databaseUrl: url, log: quietLog });
  });

  afterAll(async () => {
    await publisher?.close();
    await listener?.close();
    await database?.drop();
  });

  it('carries a message whole in its NOTIFY payload, so no replica reads it back; one too large for a payload travels as its id', async () => {
    const raw = createListenClient(database.url);
    await raw.connect();
    await raw.query('listen crm_events');
    const payloads: string[] = [];
    raw.on('notification', (n) => payloads.push(n.payload ?? ''));
    const received: BusEvent[] = [];
    const stop = listener.subscribe((event) => received.push(event));

    const message = {
      id: 7,
      senderId: 1,
      receiverId: 2,
      channelId: null,
      message: 'hola',
      createdAt: new Date('2026-11-24T10:00:00Z'),
      isRead: false,
      attachment: null,
      lead: null,
    };
    const large = { ...message, id: 8, message: '😀'.repeat(4000) };
    await publisher.publish(
      { type: 'deliver', to: { userIds: [1, 2] }, event: { type: 'chat', message } },
      { type: 'deliver', to: { userIds: [1, 2] }, event: { type: 'chat', message: large } },
    );
    await expect.poll(() => received.length).toBe(2);
    expect(received[0]).toEqual({
      type: 'deliver-wire',
      to: { userIds: [1, 2] },
      wire: { type: 'chat', record: { ...message, createdAt: message.createdAt.toISOString() } },
    });
    expect(received[1]).toEqual({ type: 'deliver-wire', to: { userIds: [1, 2] }, wire: { type: 'chat', id: 8 } });
    // Both went in one payload.
    await expect.poll(() => payloads.length).toBe(1);
    expect(payloads[0]).not.toContain('😀');
    stop();
    await raw.end();
  });

  it('splits an audience too long for one payload over several, naming everyone once', async () => {
    const received: BusEvent[] = [];
    const stop = listener.subscribe((event) => received.push(event));
    const userIds = Array.from({ length: 3000 }, (_, i) => 100_000 + i);
    await publisher.publish({ type: 'deliver', to: { userIds }, event: { type: 'typing', userId: 1, channelId: 3 } });
    const named = () => received.flatMap((event) => (event.type === 'deliver-wire' && 'userIds' in event.to ? event.to.userIds : []));
    await expect.poll(() => named().length).toBe(3000);
    expect(received.length).toBeGreaterThan(1);
    expect(named()).toEqual(userIds);
    expect(received.every((event) => event.type === 'deliver-wire' && event.wire['channelId'] === 3)).toBe(true);
    stop();
  });

  it('splits a large read receipt so each NOTIFY stays under the payload limit, and loses no id', async () => {
    const received: BusEvent[] = [];
    const stop = listener.subscribe((event) => received.push(event));
    const messageIds = Array.from({ length: 1800 }, (_, i) => 1_000_000 + i);
    await publisher.publish({ type: 'deliver', to: { userIds: [1, 2] }, event: { type: 'read', messageIds, readerId: 2 } });
    const receivedIds = () => received.flatMap((e) => (e.type === 'deliver-wire' ? (e.wire['messageIds'] as number[]) : []));
    await expect.poll(() => receivedIds().length).toBe(1800);
    expect(received.length).toBeGreaterThan(1);
    expect(receivedIds()).toEqual(messageIds);
    stop();
  });
});
