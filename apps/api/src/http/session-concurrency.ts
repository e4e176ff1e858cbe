/**
 * One session's calls reach the database a few at a time (as many as a browser opens connections to
 * a host); the rest wait in line. A script firing thousands of calls with one cookie then holds at
 * most that many of the pool's connections, and other users' requests go on.
 */
import type { FastifyInstance } from 'fastify';
import { KeyedSemaphore, type Release } from './keyed-semaphore.js';
import { bearerTokenOf } from './bearer-token.js';
import { readSessionToken } from './session-cookie.js';

const CALLS_AT_ONCE_PER_SESSION = 6;
/** Beyond this many waiting calls the session gets a 429 at once, so the line cannot grow without end. */
const CALLS_WAITING_PER_SESSION = 500;

export const SESSION_BUSY_MESSAGE = 'Demasiadas solicitudes a la vez. Espera un momento y vuelve a intentarlo.';

export function installSessionConcurrency(app: FastifyInstance): void {
  const gate = new KeyedSemaphore(CALLS_AT_ONCE_PER_SESSION, CALLS_WAITING_PER_SESSION);
  app.addHook('onRequest', async (request, reply) => {
    // Sockets have their own frame gates; static files never reach the database.
    if (request.headers.upgrade || !isApiCall(request.url)) return;
    // An API token is gated like a session: it is the identity the request acts as.
    const token = bearerTokenOf(request) ?? readSessionToken(request);
    if (!token) return;
    let release: Release | undefined;
    let closed = false;
    // Listen before waiting: a client that gives up while in line must not keep its slot.
    reply.raw.once('close', () => {
      closed = true;
      release?.();
    });
    release = await gate.acquire(token);
    if (!release) return reply.code(429).send({ message: SESSION_BUSY_MESSAGE });
    if (closed) release();
  });
}

function isApiCall(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/trpc/');
}
