/**
 * Refuses every WebSocket upgrade (/ws and the tRPC socket) without a valid session: 401 before
 * any socket opens. It holds on every path, so no spelling of a path slips past it; routing
 * itself sees the decoded, normalised path (http/request-path.ts).
 */
import type { IncomingMessage } from 'node:http';
import { CHAT_LIMITS, TWO_FACTOR_MESSAGES, UNAUTHORIZED_MESSAGE } from '@crm/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { refuseLate } from '../http/late-refusal.js';
import { viewerOf } from '../http/viewer.js';
import { hashToken, SESSION_COOKIE } from '../sessions/session.js';

export interface UpgradeClient {
  ip: string;
  userAgent: string | null;
}

/** The tRPC socket handler only gets the raw request: keep what Fastify resolved (TRUST_PROXY honoured). */
const upgradeClients = new WeakMap<IncomingMessage, UpgradeClient>();

export function upgradeClientOf(raw: IncomingMessage): UpgradeClient | undefined {
  return upgradeClients.get(raw);
}

/** The route of the plain tRPC socket, and why a session or a user may open no more of them (null: they may). */
interface TrpcSocketCaps {
  route: string;
  sessionRefusal(sessionId: string): string | null;
  userRefusal(userId: number): string | null;
}

/** Retry-After of a refused tRPC socket: the web app's own wait before it reconnects. */
const SOCKET_RETRY_SECONDS = CHAT_LIMITS.reconnectDelayMs / 1000;

export function installUpgradeGuard(app: FastifyInstance, ctx: AppContext, trpcSockets: TrpcSocketCaps): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.upgrade?.toLowerCase() !== 'websocket') return;
    // A tRPC socket over its caps is a 429 before any socket opens, answered late (http/late-refusal.ts):
    // a flood of opens waits on its own refusals. A full session's is refused before its session is
    // read (it was valid a moment ago), so such a flood costs the database nothing.
    const trpcSocket = request.routeOptions.url === trpcSockets.route;
    const token = request.cookies[SESSION_COOKIE];
    const sessionFull = trpcSocket && token ? trpcSockets.sessionRefusal(hashToken(token)) : null;
    if (sessionFull) return refuseLate(sessionFull, SOCKET_RETRY_SECONDS);
    const viewer = await viewerOf(ctx, request);
    if (!viewer) return reply.code(401).send({ message: UNAUTHORIZED_MESSAGE });
    // Nothing live until a second factor the role requires is set up (sessions/enrolment-gate.ts).
    if (viewer.mustEnrolSecondFactor) return reply.code(403).send({ message: TWO_FACTOR_MESSAGES.enrolFirst });
    const userFull = trpcSocket ? trpcSockets.userRefusal(viewer.user.id) : null;
    if (userFull) return refuseLate(userFull, SOCKET_RETRY_SECONDS);
    upgradeClients.set(request.raw, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
  });
}
