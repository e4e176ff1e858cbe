import { describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing.js';
import { insertChatMessageWithinRate } from './chat.repository.js';
import { insertSession } from './sessions.repository.js';
import { insertUser } from './users.repository.js';

const LIMIT = 3;

async function people(testDb: TestDatabase) {
  const make = (username: string) =>
    insertUser(testDb.db, { username, email: `${username}@example.com`, password_hash: 'x', first_name: username, last_name: 'P' });
  const [ana, bea] = await Promise.all([make('ana'), make('bea')]);
  await insertSession(testDb.db, { id: 's-ana', userId: ana.id, expiresAt: new Date(Date.now() + 3_600_000), ip: null, userAgent: null });
  return { ana: ana.id, bea: bea.id };
}

function send(db: TestDatabase['db'], from: number, to: number, text: string) {
  return insertChatMessageWithinRate(db, {
    senderId: from,
    credential: { sessionId: 's-ana' },
    target: { receiverId: to },
    message: text,
    attachmentId: null,
    leadId: null,
    maxPerWindow: LIMIT,
    windowMs: 10_000,
    activityDescription: 'Ana envió un mensaje a Bea',
    notifications: {
      mentionedIds: [],
      conversation: { senderId: from },
      streak: { title: 'Mensajes nuevos de Ana', body: text, collapseKey: `chat:user:${from}` },
      mention: { title: 'Ana te mencionó', body: text },
    },
  });
}

describe('a chat send, two connections at once', () => {
  it('counts a send still committing: the one that waited for its sender is refused at the limit', async () => {
    const testDb = await createTestDatabase();
    try {
      const { ana, bea } = await people(testDb);
      for (let i = 1; i < LIMIT; i += 1) expect(await send(testDb.db, ana, bea, `m${i}`)).toBeDefined();
      let commit = () => undefined as void;
      const committing = new Promise<void>((resolve) => (commit = resolve));
      let sentInside = () => undefined as void;
      const insideSent = new Promise<void>((resolve) => (sentInside = resolve));
      // The last allowed send, in a transaction held open: its sender's row stays locked.
      const held = testDb.db.transaction().execute(async (trx) => {
        expect(await send(trx, ana, bea, 'la última')).toBeDefined();
        sentInside();
        await committing;
      });
      await insideSent;
      // Started while that send is uncommitted: its snapshot cannot see it, yet it must count it.
      const racing = send(testDb.db, ana, bea, 'una de más');
      await new Promise((resolve) => setTimeout(resolve, 200));
      commit();
      await held;
      expect(await racing).toBeUndefined();
      const stored = await testDb.db
        .selectFrom('chat_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(LIMIT);
    } finally {
      await testDb.drop();
    }
  }, 60_000);
});
