/** Graceful shutdown: in-flight requests finish, new connections are refused, the database is closed. */
import http from 'node:http';
import net from 'node:net';
import { IN_MEMORY_DATA_DIR } from '@crm/db';
import { createTestDatabase, listTestDatabases } from '@crm/db/testing';
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

for (const kind of listTestDatabases()) {
  describe(`graceful shutdown [${kind}]`, () => {
    it('finishes the request in flight, refuses new connections, then closes the database', async () => {
      // The server opens (and so must close) its own database, as in production.
      const database = kind === 'postgres' ? await createTestDatabase(kind) : undefined;
      const location = database ? { DATABASE_URL: database.url ?? '' } : { DATA_DIR: IN_MEMORY_DATA_DIR };
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
      } finally {
        await server.close();
        await database?.drop();
      }
    });
  });
}
