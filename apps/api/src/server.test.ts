/** Graceful shutdown: in-flight requests finish, new connections are refused, the database is closed. */
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@crm/db/testing';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { loadEnv } from './env.js';
import { startServer } from './server.js';
import { ADMIN_PASSWORD } from './test/harness.js';

/** Sends the headers and the first part of a body, and finishes it when told. */
function startSlowLogin(url: string, body: string) {
  const request = http.request(new URL('/api/login', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const response = new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
    });
    request.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  return { response, finish: () => request.end(body.slice(half)) };
}

function connectionRefused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe.each(['the embedded server', 'DATABASE_URL'] as const)('graceful shutdown, on %s', (where) => {
  {
    it('finishes the request in flight, refuses new connections, then closes the database', async () => {
      // The server opens (and so must close) its own database, as in production.
      const database = where === 'DATABASE_URL' ? await createTestDatabase() : undefined;
      const dataDir = database ? undefined : await mkdtemp(path.join(tmpdir(), 'crm-shutdown-'));
      if (dataDir) await chmod(dataDir, 0o755);
      const location = database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir ?? '' };
      const server = await startServer(loadEnv({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ADMIN_PASSWORD, ...location }));
      try {
        const requestArrived = new Promise((resolve) => server.app.server.once('request', resolve));
        const slow = startSlowLogin(server.url, JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }));
        await requestArrived;

        const closing = server.close();
        await vi.waitFor(() => expect(server.app.server.listening).toBe(false));
        expect(await connectionRefused(server.url)).toBe(true);

        slow.finish();
        const answered = await slow.response;
        expect(answered.status).toBe(200);
        expect(JSON.parse(answered.body)).toMatchObject({ username: 'admin' });
        // Its keep-alive socket is released at once instead of holding the close open.
        expect(answered.connection).toBe('close');

        await closing;
        await expect(sql`select 1`.execute(server.ctx.db)).rejects.toThrow();
        if (dataDir) {
          // The embedded server stopped cleanly: PostgreSQL removed its pid file, and the claim is gone.
          expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
          expect(existsSync(path.join(dataDir, 'postgres.owner'))).toBe(false);
        }
      } finally {
        await server.close();
        await database?.drop();
        if (dataDir) await rm(dataDir, { recursive: true, force: true });
      }
    });
  }
});
