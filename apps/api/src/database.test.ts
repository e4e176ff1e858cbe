/** A DATA_DIR left by the PGlite version: the server's first start carries it over before it answers. */
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';
import { type RunningServer, startServer } from './server.js';
import { ApiClient } from './test/harness.js';

const FIXTURE = fileURLToPath(new URL('../../../packages/pglite-mover/fixture/pglite-33456ad.tar.gz', import.meta.url));

describe('a server started on a PGlite DATA_DIR of an earlier version', () => {
  let dataDir: string;
  let server: RunningServer;
  const log: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-old-data-'));
    await chmod(dataDir, 0o755);
    await promisify(execFile)('tar', ['-xzf', FIXTURE, '-C', dataDir]);
    const spy = (message: unknown) => void log.push(String(message));
    const original = console.log;
    console.log = spy;
    try {
      server = await startServer(loadEnv({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: dataDir }));
    } finally {
      console.log = original;
    }
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers with the old data: its admin signs in with the old password and finds the leads', async () => {
    const admin = new ApiClient(server.url);
    expect((await admin.post('/api/login', { username: 'admin', password: 'fixture-admin' })).status).toBe(200);
    const leads = await admin.get('/api/leads');
    expect(leads.status).toBe(200);
    expect(leads.body.length).toBeGreaterThan(100);
    const users = await admin.get('/api/users');
    expect(users.body.length).toBeGreaterThan(10);
  });

  it('keeps the old folder, renamed, and says where it went', async () => {
    const entries = await readdir(dataDir);
    const moved = entries.find((name) => name.startsWith('pglite.migrated-'));
    expect(moved).toBeDefined();
    expect(entries).not.toContain('pglite');
    expect(log.join('\n')).toContain(path.join(dataDir, moved ?? ''));
  });
});
