import { CHAT_LIMITS } from '@crm/domain';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SESSION_ENDED_REASON, TOO_MANY_CONNECTIONS_MESSAGE } from '../live/live-hub.js';
import { hashToken } from '../sessions/session.js';
import { type ApiClient, DEFAULT_PASSWORD, createUser, describeWithServer, loginAs, uniqueName } from '../test/harness.js';
import { AT_ONCE } from '../test/live-client.js';
import { frameText } from '../ws/frame-text.js';
import { POLICY_CLOSE_CODE, TOO_MANY_USER_SOCKETS_MESSAGE, TRPC_SOCKET_CAPS } from './socket-registry.js';

interface Closed {
  code: number;
  reason: string;
}

interface Refused {
  status: number;
  retryAfter: string | undefined;
  message: string;
}

/** A bare tRPC WebSocket speaking the wire protocol, so a test sees every answer and the close as they come. */
class RawTrpcSocket {
  readonly answers: { id: number; result?: { data: { json: unknown } }; error?: { json: { message: string; data: { code: string } } } }[] =
    [];
  closedWith: Closed | undefined;
  /** The upgrade was answered with an HTTP refusal instead of a socket. */
  refusedWith: Refused | undefined;
  readonly closed: Promise<Closed>;
  private nextId = 1;

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => this.answers.push(JSON.parse(frameText(data)) as RawTrpcSocket['answers'][number]));
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => {
        this.closedWith = { code, reason: reason.toString() };
        resolve(this.closedWith);
      }),
    );
  }

  /** Sends a query; answers its id. */
  query(path: string): number {
    const id = this.nextId++;
    if (this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify({ id, method: 'query', params: { path, input: { json: null } } }));
    }
    return id;
  }

  answerTo(id: number) {
    return this.answers.find((answer) => answer.id === id);
  }
}

const opened: RawTrpcSocket[] = [];

/** Opens a socket; answers it open, or refused at the upgrade (`refusedWith`). */
async function openTrpcSocket(baseUrl: string, client: ApiClient): Promise<RawTrpcSocket> {
  const socket = new WebSocket(new URL('/trpc', baseUrl.replace(/^http/, 'ws')), { headers: { cookie: client.cookies.header() } });
  const raw = new RawTrpcSocket(socket);
  opened.push(raw);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message: string };
        raw.refusedWith = { status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'], message: body.message };
        resolve();
      });
    });
    socket.once('error', reject);
  });
  return raw;
}

afterEach(() => {
  for (const raw of opened.splice(0)) raw.socket.terminate();
});

describeWithServer('the plain tRPC WebSocket', (server) => {
  async function signedIn(prefix: string) {
    const user = await createUser(server(), { username: uniqueName(prefix) });
    return { user, client: await loginAs(server(), user.username) };
  }

  /** Opened together, as a flood would; answers how each ended up (open, or closed and why). */
  async function openMany(client: ApiClient, count: number) {
    const sockets = await Promise.all(Array.from({ length: count }, () => openTrpcSocket(server().url, client)));
    // An admitted socket answers a call; a refused one is closed instead.
    const ids = sockets.map((raw) => raw.query('auth.me'));
    await expect
      .poll(() => sockets.every((raw, index) => raw.refusedWith || raw.closedWith || raw.answerTo(ids[index] ?? 0)), AT_ONCE)
      .toBeTruthy();
    return sockets;
  }

  it(`refuses a session's socket over ${TRPC_SOCKET_CAPS.perSession}, even in a burst, without touching other users`, async () => {
    const { client } = await signedIn('tope');
    const other = await signedIn('vecino');
    const othersSocket = await openTrpcSocket(server().url, other.client);
    // Opened together, most pass the upgrade's check before any is counted: the count refuses the
    // extra ones with a policy close. One that came after the tenth was counted is a 429.
    const sockets = await openMany(client, TRPC_SOCKET_CAPS.perSession + 2);
    const refused = sockets.filter((raw) => raw.closedWith || raw.refusedWith);
    expect(refused).toHaveLength(2);
    for (const raw of refused) {
      if (raw.closedWith) expect(raw.closedWith).toEqual({ code: POLICY_CLOSE_CODE, reason: TOO_MANY_CONNECTIONS_MESSAGE });
      else expect(raw.refusedWith).toEqual({ status: 429, retryAfter: '3', message: TOO_MANY_CONNECTIONS_MESSAGE });
    }
    // The admitted ones and the other user's socket keep answering.
    const id = othersSocket.query('auth.me');
    await expect.poll(() => othersSocket.answerTo(id)?.result?.data.json, AT_ONCE).toMatchObject({ id: other.user.id });
    // A freed place can be taken again.
    const admitted = sockets.find((raw) => !raw.closedWith);
    admitted?.socket.close(1000);
    await admitted?.closed;
    const again = await openMany(client, 1);
    expect(again[0]?.closedWith).toBeUndefined();
  });

  it("refuses a full session's next socket with a late 429, before reading its session: a flood of opens costs the database nothing", async () => {
    const { client } = await signedIn('lleno');
    const sockets = await openMany(client, TRPC_SOCKET_CAPS.perSession);
    expect(sockets.filter((raw) => raw.closedWith || raw.refusedWith)).toEqual([]);
    // The session row goes without its event: an upgrade that read it would now be a 401, never a socket.
    const token = /crm_session=([^;]+)/.exec(client.cookies.header())?.[1] ?? '';
    await sql`delete from sessions where id = ${hashToken(token)}`.execute(server().ctx.db);
    const started = performance.now();
    const next = await openTrpcSocket(server().url, client);
    expect(next.refusedWith).toEqual({ status: 429, retryAfter: '3', message: TOO_MANY_CONNECTIONS_MESSAGE });
    // Held for a second (http/late-refusal.ts): a client that floods without waiting opens one a second per lane.
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
  });

  it(`refuses a user's socket over ${TRPC_SOCKET_CAPS.perUser} across sessions`, async () => {
    const { user } = await signedIn('muchas');
    const sessions = TRPC_SOCKET_CAPS.perUser / TRPC_SOCKET_CAPS.perSession;
    for (let index = 0; index < sessions; index++) {
      const sockets = await openMany(await loginAs(server(), user.username), TRPC_SOCKET_CAPS.perSession);
      expect(sockets.filter((raw) => raw.closedWith || raw.refusedWith)).toHaveLength(0);
    }
    const [extra] = await openMany(await loginAs(server(), user.username), 1);
    expect(extra?.refusedWith).toEqual({ status: 429, retryAfter: '3', message: TOO_MANY_USER_SOCKETS_MESSAGE });
  });

  it('closes the socket at logout, and a call on it never answers the ended session', async () => {
    const { user, client } = await signedIn('salida');
    const raw = await openTrpcSocket(server().url, client);
    const before = raw.query('auth.me');
    await expect.poll(() => raw.answerTo(before)?.result?.data.json, AT_ONCE).toMatchObject({ id: user.id });

    expect((await client.post('/api/logout')).status).toBeLessThan(300);
    const after = raw.query('auth.me');
    expect(await raw.closed).toEqual({ code: CHAT_LIMITS.normalCloseCode, reason: SESSION_ENDED_REASON });
    // Sent before the close arrived: refused, never the user.
    const answer = raw.answerTo(after);
    if (answer) expect(answer.error?.json.data.code).toBe('UNAUTHORIZED');
    expect(answer?.result).toBeUndefined();
  });

  it("closes the other sessions' sockets on a password change and on deactivation", async () => {
    const { user, client } = await signedIn('clave');
    const elsewhere = await loginAs(server(), user.username);
    const mine = await openTrpcSocket(server().url, client);
    const theirs = await openTrpcSocket(server().url, elsewhere);
    const changed = await client.post('/api/auth/password', { currentPassword: DEFAULT_PASSWORD, newPassword: 'otra-clave-segura' });
    expect(changed.status).toBe(200);
    await expect.poll(() => theirs.closedWith, AT_ONCE).toEqual({ code: CHAT_LIMITS.normalCloseCode, reason: SESSION_ENDED_REASON });
    expect(mine.closedWith).toBeUndefined();

    const admin = await signedInAdmin();
    expect((await admin.delete(`/api/users/${user.id}`)).status).toBeLessThan(300);
    await expect.poll(() => mine.closedWith, AT_ONCE).toEqual({ code: CHAT_LIMITS.normalCloseCode, reason: SESSION_ENDED_REASON });
  });

  async function signedInAdmin() {
    const admin = await createUser(server(), { username: uniqueName('jefa'), systemRole: 'admin' });
    return loginAs(server(), admin.username);
  }
});
