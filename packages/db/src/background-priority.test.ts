import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_NICE, openBackgroundDb } from './background-priority.js';
import { type TestDatabase, createTestDatabase } from './testing.js';
import type { Db } from './types.js';

const backendPid = async (db: Db) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]?.pid ?? -1;

describe('background work on a connection of its own', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);

  afterAll(async () => {
    await database.drop();
  });

  it('leaves the priority alone on a server that is not the embedded one, and never compiles its queries', async () => {
    const background = await openBackgroundDb({ url: database.url, embedded: false });
    try {
      // As every other backend of the server, whatever priority the server itself was started with.
      expect(os.getPriority(await backendPid(background.db))).toBe(os.getPriority(await backendPid(database.db)));
      expect((await sql<{ jit: string }>`show jit`.execute(background.db)).rows).toEqual([{ jit: 'off' }]);
    } finally {
      await background.close();
    }
  });

  // Only the embedded server's backends are processes of this machine that may be reniced.
  it.runIf(process.env['TEST_DATABASE_EMBEDDED'] === '1')(
    'runs at background priority on the embedded server, the pool untouched',
    async () => {
      // The server's own priority: the test run may itself run at a lower one (scripts/test.sh).
      const serverPriority = os.getPriority(await backendPid(database.db));
      const background = await openBackgroundDb({ url: database.url, embedded: true });
      try {
        const pid = await backendPid(background.db);
        expect(os.getPriority(pid)).toBe(BACKGROUND_NICE);
        // Where Linux groups the CPU by session, the backend's group (its own session) is lowered too.
        const autogroup = await readFile(`/proc/${pid}/autogroup`, 'utf8').catch(() => null);
        if (autogroup !== null) expect(autogroup.trim()).toMatch(new RegExp(`nice ${BACKGROUND_NICE}$`));
        // Every query of the handle runs on that one connection.
        expect(await backendPid(background.db)).toBe(pid);
        expect(os.getPriority(await backendPid(database.db))).toBe(serverPriority);
      } finally {
        await background.close();
      }
    },
  );
});
