/** The first start on an empty database creates the admin (ADMIN_* variables), once, never with a fixed password. */
import { countUsers } from '@crm/db';
import { createTestDatabase, type TestDatabase } from '@crm/db/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEnv } from '../env.js';
import { type RunningServer, startServer } from '../server.js';
import { startupBanner } from './startup-banner.js';
import { ApiClient } from '../test/harness.js';

const PRINTED = /usuario: (\S+)\s+contraseña: (\S+)/;

{
  describe('first admin', () => {
    // One database (creating one is the slow part); every test empties it first.
    let database: TestDatabase | undefined;
    const running: RunningServer[] = [];
    const db = () => {
      if (!database) throw new Error('database not created');
      return database;
    };

    beforeAll(async () => {
      database = await createTestDatabase();
    }, 120_000);
    afterAll(async () => {
      await database?.drop();
    });
    beforeEach(async () => {
      await db().db.deleteFrom('users').execute();
    });
    afterEach(async () => {
      for (const server of running.splice(0)) await server.close();
    });

    /** Starts a server on the test database and returns what it and main.ts's banner print on stdout. */
    async function start(extra: Record<string, string> = {}) {
      const printed: string[] = [];
      const spy = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => {
        printed.push(parts.join(' '));
      });
      try {
        const env = loadEnv({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', ...extra });
        const server = await startServer(env, db());
        running.push(server);
        return { server, printed: [...printed, startupBanner(server.url, server.generatedAdmin)].join('\n') };
      } finally {
        spy.mockRestore();
      }
    }

    it('creates the admin from ADMIN_USERNAME / ADMIN_PASSWORD / ADMIN_EMAIL and prints no password', async () => {
      const { server, printed } = await start({
        ADMIN_USERNAME: 'jefa',
        ADMIN_PASSWORD: 'clave-de-arranque',
        ADMIN_EMAIL: 'jefa@ejemplo.es',
      });
      expect(printed).not.toContain('clave-de-arranque');
      const response = await new ApiClient(server.url).post('/api/login', { username: 'jefa@ejemplo.es', password: 'clave-de-arranque' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ username: 'jefa', systemRole: 'admin', email: 'jefa@ejemplo.es' });
    });

    it('without ADMIN_PASSWORD creates `admin` with a random password printed once; a second start creates nothing', async () => {
      const first = await start({ ADMIN_PASSWORD: '' });
      const match = PRINTED.exec(first.printed);
      expect(match, first.printed).not.toBeNull();
      const [, username, password] = match ?? [];
      expect(username).toBe('admin');
      expect(password?.length).toBeGreaterThanOrEqual(12);
      const client = new ApiClient(first.server.url);
      expect((await client.post('/api/login', { username: 'admin', password })).status).toBe(200);
      expect((await client.get('/api/auth/user')).body.systemRole).toBe('admin');
      await first.server.close();

      const second = await start({ ADMIN_PASSWORD: '' });
      expect(await countUsers(db().db)).toBe(1);
      expect(second.printed).not.toMatch(PRINTED);
      expect((await new ApiClient(second.server.url).post('/api/login', { username: 'admin', password })).status).toBe(200);
    });

    it('two starts on an emptied database print two different passwords: nothing fixed to guess', async () => {
      const first = await start({ ADMIN_PASSWORD: '' });
      await first.server.close();
      await db().db.deleteFrom('users').execute();
      const second = await start({ ADMIN_PASSWORD: '' });
      const passwords = [first.printed, second.printed].map((text) => PRINTED.exec(text)?.[2]);
      expect(passwords[0]).toBeDefined();
      expect(passwords[1]).toBeDefined();
      expect(passwords[0]).not.toBe(passwords[1]);
    });

    it('two replicas starting together on an empty database make exactly one admin, and both start', async () => {
      const [first, second] = await Promise.all([start({ ADMIN_PASSWORD: 'clave-uno' }), start({ ADMIN_PASSWORD: 'clave-dos' })]);
      expect(first.server.url).toBeTruthy();
      expect(second.server.url).toBeTruthy();
      await expect(countUsers(db().db)).resolves.toBe(1);
    });
  });
}
