/**
 * `pnpm seed:demo` against a database a server is using: refused, nothing changed; once the
 * server stops, the seed runs and keeps the first admin. The generated first-admin password is
 * printed on stdout only, never in the JSON log.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '@crm/db';
import { createTestDatabase, type TestDatabase } from '@crm/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../test/api-process.js';
import { API_DIR, nodeEntry } from '../../test/node-entry.js';
import { SERVER_RUNNING_MESSAGE } from './guard.js';

const PRINTED = /usuario: (\S+)\s+contraseña: (\S+)/;

function runSeed(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...nodeEntry('src/scripts/seed-demo.ts'), '--password=demo-clave'], {
      cwd: API_DIR,
      env: { ...process.env, DATA_DIR: '/nonexistent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe.each(['the embedded server', 'DATABASE_URL'] as const)('demo seed while a server runs, on %s', (where) => {
  {
    let database: TestDatabase | undefined;
    let dataDir: string | undefined;
    let env: Record<string, string>;

    beforeAll(async () => {
      if (where === 'DATABASE_URL') {
        database = await createTestDatabase();
        await database.close();
        env = { DATABASE_URL: database.url };
      } else {
        dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-seed-'));
        // The embedded server may run as its own system user, which must be able to enter.
        await chmod(dataDir, 0o755);
        env = { DATA_DIR: dataDir };
      }
    }, 60_000);
    afterAll(async () => {
      await database?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    async function usernames(): Promise<string[]> {
      const handle = await createDb({ databaseUrl: env['DATABASE_URL'], dataDir: env['DATA_DIR'] });
      try {
        return (await handle.db.selectFrom('users').select('username').orderBy('username').execute()).map((row) => row.username);
      } finally {
        await handle.close();
      }
    }

    it('is refused while the server runs, then loads beside the first admin once it stops; the password is never logged', async () => {
      let server: ApiProcess | undefined = await startApiProcess({ env: { ...env, LOG_LEVEL: 'info', ADMIN_PASSWORD: '' } });
      try {
        const output = server.output();
        const password = PRINTED.exec(output)?.[2] ?? '';
        expect(password.length, output).toBeGreaterThanOrEqual(12);
        const logLines = output.split('\n').filter((line) => line.startsWith('{'));
        expect(logLines.some((line) => line.includes('Administrador creado'))).toBe(true);
        expect(logLines.filter((line) => line.includes(password))).toEqual([]);

        const refused = await runSeed(env);
        expect(refused.code, refused.output).toBe(1);
        expect(refused.output).toContain(SERVER_RUNNING_MESSAGE);
        expect((await fetch(new URL('/api/health', server.url))).status).toBe(200);
        await server.stop();
        server = undefined;
        expect(await usernames()).toEqual(['admin']);

        const seeded = await runSeed(env);
        expect(seeded.code, seeded.output).toBe(0);
        const after = await usernames();
        expect(after).toContain('admin');
        expect(after.length).toBeGreaterThan(5);
      } finally {
        await server?.stop();
      }
    }, 180_000);
  }
});
