/** Resolves (once per request) who is calling, from the session cookie. */
import type { FastifyRequest } from 'fastify';
import type { AppContext, Viewer } from '../context.js';
import { resolveSession } from '../modules/auth/session.service.js';
import { readSessionToken } from './session-cookie.js';

const cache = new WeakMap<FastifyRequest, Promise<Viewer | undefined>>();

export function viewerOf(ctx: AppContext, request: FastifyRequest): Promise<Viewer | undefined> {
  let pending = cache.get(request);
  if (!pending) {
    pending = resolveSession(ctx, readSessionToken(request));
    cache.set(request, pending);
  }
  return pending;
}
