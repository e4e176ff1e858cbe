/** Builds each tRPC call's context from the HTTP request or the WebSocket upgrade. */
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { writeSessionCookie } from '../http/session-cookie.js';
import { resolveSession, SESSION_COOKIE } from '../modules/auth/session.service.js';
import type { TrpcContext } from './init.js';

export function createTrpcContextFactory(appCtx: AppContext, app: FastifyInstance) {
  return async ({ req, res }: CreateFastifyContextOptions): Promise<TrpcContext> => {
    // A WebSocket upgrade has no parsed cookies, so read the header ourselves.
    const cookies = req.cookies ?? app.parseCookie(req.headers.cookie ?? '');
    const viewer = await resolveSession(appCtx, cookies[SESSION_COOKIE]);
    const isHttp = typeof res.header === 'function';
    return {
      ...appCtx,
      log: req.log ?? appCtx.log,
      viewer,
      clientIp: req.ip,
      userAgent: req.headers['user-agent'] ?? null,
      setSessionCookie: isHttp ? (token, expiresAt) => writeSessionCookie(req, res, token, expiresAt) : undefined,
    };
  };
}
