/**
 * Request logging at `info` (issue 25, 'Ops'): one line per request, once its answer has gone out,
 * with the method, the path, the status and the time, and never a header (cookies stay out).
 */
import { createTestDatabase, type TestDatabase } from '@crm/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../test/api-process.js';
import { ApiClient } from '../test/harness.js';

let database: TestDatabase;
let api: ApiProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  api = await startApiProcess({ databaseUrl: database.url, env: { LOG_LEVEL: 'info' }, watch: /"url":"\/api\// });
}, 120_000);

afterAll(async () => {
  await api?.stop();
  await database?.drop();
});

it('writes one line per request with its method, path, status and time, and no header', async () => {
  const client = new ApiClient(api.url);
  // A path of its own: the start's readiness checks ask /api/health too.
  expect((await client.get('/api/health?prueba=registro')).status).toBe(200);
  expect((await client.post('/api/login', { username: 'nadie', password: 'secreta' })).status).toBe(401);
  const linesOf = (url: string) =>
    api
      .watched()
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line['url'] === url);
  // The line is written when the answer has gone out, a moment after the client has it.
  await expect.poll(() => linesOf('/api/login').length).toBe(1);
  expect(linesOf('/api/health?prueba=registro')).toEqual([
    expect.objectContaining({ level: 30, msg: 'request', method: 'GET', statusCode: 200, ms: expect.any(Number) }),
  ]);
  expect(linesOf('/api/login')).toEqual([expect.objectContaining({ method: 'POST', statusCode: 401 })]);
  expect(api.watched().join('\n')).not.toMatch(/cookie|secreta|user-agent/i);
});
