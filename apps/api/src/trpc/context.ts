/** Builds each tRPC call's context from the HTTP request or the WebSocket upgrade. */
import type { IncomingMessage } from 'node:http';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../context.js';
import { bearerRefusalOf } from '../http/bearer-token.js';
import { writeSessionCookie } from '../http/session-cookie.js';
import { viewerOf } from '../http/viewer.js';
import { FrameGate } from '../live/frame-gate.js';
import { resolveSession, SESSION_COOKIE } from '../sessions/session.js';
import { upgradeClientOf } from '../ws/upgrade-guard.js';
import type { TrpcContext } from './init.js';
import { refuseSendFloodBeforeSession } from './socket-gates.js';
import { closeEndedSessionSocket, type TrpcSocketRegistry } from './socket-registry.js';

export function createTrpcContextFactory(appCtx: AppContext, app: FastifyInstance, sockets: TrpcSocketRegistry) {
  return async ({ req, res, info }: CreateFastifyContextOptions): Promise<TrpcContext> => {
    // Over a socket the adapter passes the raw upgrade request and the socket, whatever the types say.
    const isHttp = typeof res.header === 'function';
    if (!isHttp) return socketContext(appCtx, app, sockets, req as unknown as IncomingMessage, res as unknown as WebSocket);
    const token = req.cookies[SESSION_COOKIE];
    await refuseSendFloodBeforeSession(info, token);
    const refusal = bearerRefusalOf(req);
    if (refusal) throw new TRPCError({ code: refusal.status === 429 ? 'TOO_MANY_REQUESTS' : 'UNAUTHORIZED', message: refusal.message });
    return {
      ...appCtx,
      log: req.log,
      transport: 'http',
      viewer: await viewerOf(appCtx, req),
      clientIp: req.ip,
      userAgent: req.headers['user-agent'] ?? null,
      requestHost: { protocol: req.protocol, host: req.host },
      setSessionCookie: (token, expiresAt) => writeSessionCookie(req, res, token, expiresAt),
    };
  };
}

async function socketContext(
  appCtx: AppContext,
  app: FastifyInstance,
  sockets: TrpcSocketRegistry,
  raw: IncomingMessage,
  socket: WebSocket,
): Promise<TrpcContext> {
  // A WebSocket upgrade has no parsed cookies, so read the header ourselves.
  const cookies = app.parseCookie(raw.headers.cookie ?? '');
  // The upgrade guard records every upgrade it lets through; the socket's own peer is only a fallback.
  const client = upgradeClientOf(raw) ?? { ip: raw.socket.remoteAddress ?? '', userAgent: raw.headers['user-agent'] ?? null };
  const token = cookies[SESSION_COOKIE];
  const viewer = await resolveSession(appCtx, token);
  if (viewer) {
    const refusal = sockets.admit(socket, { userId: viewer.user.id, sessionId: viewer.sessionId });
    if (refusal) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: refusal });
  }
  return {
    ...appCtx,
    transport: 'websocket',
    viewer,
    endSocket: () => closeEndedSessionSocket(socket),
    socketGate: new FrameGate(appCtx.env.CHAT_RATE_PER_10S),
    clientIp: client.ip,
    userAgent: client.userAgent,
  };
}
