/** Resolves (once per request) who is calling: an API token when one is sent (it wins over a cookie), else the session cookie. */
import type { FastifyRequest } from 'fastify';
import type { AppContext, Viewer } from '../context.js';
import { resolveSession } from '../sessions/session.js';
import { bearerTokenOf, bearerViewerOf } from './bearer-token.js';
import { readSessionToken } from './session-cookie.js';

const cache = new WeakMap<FastifyRequest, Promise<Viewer | undefined>>();

export function viewerOf(ctx: AppContext, request: FastifyRequest): Promise<Viewer | undefined> {
  let pending = cache.get(request);
  if (!pending) {
    pending =
      bearerTokenOf(request) === undefined ? resolveSession(ctx, readSessionToken(request)) : Promise.resolve(bearerViewerOf(request));
    cache.set(request, pending);
  }
  return pending;
}
