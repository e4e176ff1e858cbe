import { type ClientRequest, request } from 'node:http';
import { expect, it } from 'vitest';
import { type ApiClient, createUser, describeWithServer, loginAs, type TestServer, uniqueName } from '../test/harness.js';
import { SESSION_BUSY_MESSAGE } from './session-concurrency.js';

/** A call whose body never finishes arriving: it keeps its place in the session's line until destroyed. */
function holdCall(server: TestServer, cookie: string): ClientRequest {
  const held = request(`${server.url}/api/leads`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'content-length': '1000' },
  });
  held.on('error', () => undefined);
  held.write('{');
  return held;
}

async function seller(server: TestServer): Promise<ApiClient> {
  const username = uniqueName('linea');
  await createUser(server, { username });
  return loginAs(server, username);
}

describeWithServer('one session at a time (calls in flight per session)', (server) => {
  it('makes a seventh call of one session wait for a free place, while another session is answered at once', async () => {
    const busy = await seller(server());
    const other = await seller(server());
    const held = Array.from({ length: 6 }, () => holdCall(server(), busy.cookies.header()));
    await new Promise((resolve) => setTimeout(resolve, 200));

    let seventhAnswered = false;
    const seventh = busy.get('/api/auth/user').then((response) => {
      seventhAnswered = true;
      return response;
    });
    expect((await other.get('/api/auth/user')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seventhAnswered).toBe(false);

    held[0]?.destroy();
    expect((await seventh).status).toBe(200);
    for (const call of held) call.destroy();
  });

  it('refuses with a 429 in Spanish once 500 calls of one session already wait', async () => {
    const busy = await seller(server());
    const held = Array.from({ length: 6 }, () => holdCall(server(), busy.cookies.header()));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const waiting = Array.from({ length: 500 }, () => busy.get('/api/auth/user'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const refused = await busy.get('/api/auth/user');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: SESSION_BUSY_MESSAGE });

    for (const call of held) call.destroy();
    const answered = await Promise.all(waiting);
    expect(answered.every((response) => response.status === 200)).toBe(true);
  });
});
