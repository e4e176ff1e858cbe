/**
 * Refuses every WebSocket upgrade (/ws and the tRPC socket) without a valid session: 401 before
 * any socket opens. It holds on every path, so no spelling of a path slips past it; routing
 * itself sees the decoded, normalised path (http/request-path.ts).
 */
import type { IncomingMessage } from 'node:http';
import { TWO_FACTOR_MESSAGES, UNAUTHORIZED_MESSAGE } from '@crm/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
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

/** The route of the plain tRPC socket, and whether a session already holds every socket of it it may. */
interface TrpcSocketFullness {
  route: string;
  isSessionFull(sessionId: string): boolean;
}

export function installUpgradeGuard(app: FastifyInstance, ctx: AppContext, trpcSockets: TrpcSocketFullness): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.upgrade?.toLowerCase() !== 'websocket') return;
    // A tRPC socket of a session that holds all it may (so it was valid a moment ago) is closed as
    // soon as it opens, before its session is read: a flood of opens costs the database nothing.
    const token = request.cookies[SESSION_COOKIE];
    if (token && request.routeOptions.url === trpcSockets.route && trpcSockets.isSessionFull(hashToken(token))) return;
    const viewer = await viewerOf(ctx, request);
    if (!viewer) return reply.code(401).send({ message: UNAUTHORIZED_MESSAGE });
    // Nothing live until a second factor the role requires is set up (sessions/enrolment-gate.ts).
    if (viewer.mustEnrolSecondFactor) return reply.code(403).send({ message: TWO_FACTOR_MESSAGES.enrolFirst });
    upgradeClients.set(request.raw, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
  });
}
