/** The first start on an empty database creates the admin (CONTRACT §1), once, never with a fixed password. */
import { countUsers } from '@crm/db';
import { createTestDatabase, listTestDatabases } from '@crm/db/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadEnv } from '../env.js';
import { startServer } from '../server.js';
import { ApiClient } from '../test/harness.js';

const PRINTED = /usuario: (\S+)\s+contraseña: (\S+)/;

function testEnv(extra: Record<string, string> = {}) {
  return loadEnv({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', ...extra });
}

/** Starts a server on a fresh database and returns what it printed on stdout. */
async function startCapturing(database: Awaited<ReturnType<typeof createTestDatabase>>, extra: Record<string, string> = {}) {
  const printed: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => {
    printed.push(parts.join(' '));
  });
  try {
    const server = await startServer(testEnv(extra), database);
    return { server, printed: printed.join('\n') };
  } finally {
    spy.mockRestore();
  }
}

for (const kind of listTestDatabases()) {
  describe(`first admin [${kind}]`, () => {
    const cleanups: Array<() => Promise<void>> = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    async function freshDatabase() {
      const database = await createTestDatabase(kind);
      cleanups.push(() => database.drop());
      return database;
    }

    it('creates the admin from ADMIN_USERNAME / ADMIN_PASSWORD / ADMIN_EMAIL and prints no password', async () => {
      const database = await freshDatabase();
      const { server, printed } = await startCapturing(database, {
        ADMIN_USERNAME: 'jefa',
        ADMIN_PASSWORD: 'clave-de-arranque',
        ADMIN_EMAIL: 'jefa@ejemplo.es',
      });
      cleanups.push(() => server.close());
      expect(printed).not.toContain('clave-de-arranque');
      const response = await new ApiClient(server.url).post('/api/login', { username: 'jefa@ejemplo.es', password: 'clave-de-arranque' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ username: 'jefa', systemRole: 'admin', email: 'jefa@ejemplo.es' });
    });

    it('without ADMIN_PASSWORD creates `admin` with a random password printed once', async () => {
      const passwords: string[] = [];
      for (let start = 0; start < 2; start += 1) {
        const database = await freshDatabase();
        const { server, printed } = await startCapturing(database, { ADMIN_PASSWORD: '' });
        cleanups.push(() => server.close());
        const match = PRINTED.exec(printed);
        expect(match, printed).not.toBeNull();
        const [, username, password] = match ?? [];
        expect(username).toBe('admin');
        expect(password?.length).toBeGreaterThanOrEqual(12);
        passwords.push(password ?? '');

        const client = new ApiClient(server.url);
        expect((await client.post('/api/login', { username: 'admin', password })).status).toBe(200);
        expect((await client.get('/api/auth/user')).body.systemRole).toBe('admin');
      }
      // Two empty databases, two different passwords: nothing fixed to guess.
      expect(passwords[0]).not.toBe(passwords[1]);
    });

    it('a second start on the same database creates no other user and prints nothing', async () => {
      const database = await freshDatabase();
      const first = await startCapturing(database, { ADMIN_PASSWORD: '' });
      await first.server.close();
      expect(await countUsers(database.db)).toBe(1);

      const second = await startCapturing(database, { ADMIN_PASSWORD: '' });
      cleanups.push(() => second.server.close());
      expect(await countUsers(database.db)).toBe(1);
      expect(second.printed).not.toMatch(PRINTED);
      const password = PRINTED.exec(first.printed)?.[2];
      expect((await new ApiClient(second.server.url).post('/api/login', { username: 'admin', password })).status).toBe(200);
    });
  });
}
