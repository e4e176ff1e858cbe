/** Builds the Fastify app: security, REST adapter, tRPC (HTTP + WebSocket), the web app. */
import { randomUUID } from 'node:crypto';
import { CHAT_LIMITS, TRPC_MAX_BATCH_SIZE } from '@crm/domain';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { AppContext } from './context.js';
import { installBearerTokens } from './http/bearer-token.js';
import { installCompression } from './http/compression.js';
import { OneLinePerRequest } from './http/request-log.js';
import { installErrorHandler } from './http/error-handler.js';
import { toDomainError } from './http/error-mapping.js';
import { installGracefulClose } from './http/graceful-close.js';
import { JSON_BODY_LIMIT, installJsonParser } from './http/json-body.js';
import { isAllowedOrigin } from './http/origin.js';
import { BAD_PATH_MESSAGE, UNDECODABLE_TARGET, canonicalTarget } from './http/request-path.js';
import { installSecurity } from './http/security.js';
import { installSessionConcurrency } from './http/session-concurrency.js';
import { installWebApp } from './http/web-app.js';
import { allEndpoints } from './endpoints/all.js';
import { registerEndpoints } from './endpoints/rest-adapter.js';
import { recordRoutes } from './endpoints/route-table.js';
import { isWebFormPublicPath } from './modules/web-forms/web-form-origin.js';
import { createTrpcContextFactory } from './trpc/context.js';
import { type AppRouter, appRouter } from './trpc/root.js';
import { TrpcSocketRegistry } from './trpc/socket-registry.js';
import { registerChatSocket } from './modules/chat/chat-socket.js';
import { installUpgradeGuard } from './ws/upgrade-guard.js';

/**
 * Slow clients must not hold connections forever. A whole request (headers and body) gets
 * 10 minutes: the 10 MB import at 140 kbit/s (a poor mobile link) still fits. A connection
 * silent for 2 minutes is closed (not a WebSocket: ws turns that timeout off once upgraded).
 * An idle keep-alive connection is kept 72 s, longer than the 60 s of common load balancers,
 * so they never reuse one we just closed. The headers alone must arrive within HEADERS_TIMEOUT_MS
 * (30 s): a client trickling header bytes keeps the connection from ever being idle, so without
 * this limit it would hold a socket for the whole 10 minutes.
 */
export const SERVER_TIMEOUTS = { requestTimeout: 10 * 60_000, connectionTimeout: 2 * 60_000, keepAliveTimeout: 72_000 };

/** Where tRPC answers, over HTTP and as a WebSocket. */
const TRPC_PREFIX = '/trpc';

export async function buildApp(ctx: Omit<AppContext, 'log'>): Promise<{ app: FastifyInstance; appCtx: AppContext }> {
  const app = Fastify({
    logger:
      ctx.env.LOG_LEVEL === 'silent' ? false : { level: ctx.env.LOG_LEVEL, redact: ['req.headers.cookie', 'res.headers["set-cookie"]'] },
    logController: new OneLinePerRequest(),
    bodyLimit: JSON_BODY_LIMIT,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { maxParamLength: 5000 },
    forceCloseConnections: 'idle',
    trustProxy: ctx.env.TRUST_PROXY,
    ...SERVER_TIMEOUTS,
    http: {
      headersTimeout: ctx.env.HEADERS_TIMEOUT_MS,
      // Node checks the timeouts on this tick (30 s by default, which would double the limit).
      connectionsCheckingInterval: Math.min(5_000, Math.max(50, Math.floor(ctx.env.HEADERS_TIMEOUT_MS / 10))),
    },
    // Routing, hooks and transports all see the decoded, normalised path (http/request-path.ts).
    rewriteUrl: (request) => canonicalTarget(request.url ?? '')?.url ?? UNDECODABLE_TARGET,
    // The router's own refusals (an undecodable path) in our shape; its generic reply type is unresolved here.
    // send() hands back the reply, which is thenable; nothing here waits for the answer to go out.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply).code(400).send({ message: BAD_PATH_MESSAGE });
    },
  });
  const appCtx: AppContext = { ...ctx, log: app.log };
  recordRoutes(app);

  // Echo the request id so a user's error report can be matched with the log line.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installErrorHandler(app);
  installGracefulClose(app);
  installJsonParser(app);
  await app.register(cookie);
  installSessionConcurrency(app);
  // Before the routes and the static files it wraps.
  await installCompression(app);
  await installSecurity(app, ctx.env, isWebFormPublicPath);
  // After the cross-origin check, which needs no database.
  installBearerTokens(app, appCtx);
  await app.register(multipart, { limits: { files: 1, fields: 10, parts: 12 } });
  await app.register(websocket, {
    options: {
      maxPayload: CHAT_LIMITS.maxFrameBytes,
      // One message per turn of the event loop: a client that floods its socket (thousands of
      // frames in one read) cannot keep other users' requests waiting until the whole burst is handled.
      allowSynchronousEvents: false,
      verifyClient: ({ origin, req }, done) => done(isAllowedOrigin(origin, req.headers.host, ctx.env), 403),
    },
  });

  // The guard first, so it also covers the tRPC plugin's socket.
  const trpcSockets = new TrpcSocketRegistry({ db: ctx.db, bus: ctx.bus, log: app.log });
  installUpgradeGuard(app, appCtx, {
    route: TRPC_PREFIX,
    sessionRefusal: (sessionId) => trpcSockets.sessionRefusal(sessionId),
    userRefusal: (userId) => trpcSockets.userRefusal(userId),
  });
  registerChatSocket(app, appCtx);
  app.addHook('onClose', (_instance, done) => {
    trpcSockets.close();
    done();
  });
  await app.register(fastifyTRPCPlugin<AppRouter>, {
    prefix: TRPC_PREFIX,
    useWSS: true,
    trpcOptions: {
      router: appRouter,
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
      createContext: createTrpcContextFactory(appCtx, app, trpcSockets),
      // A refusal that knows when to come back says so with Retry-After, as over REST (http/error-handler.ts).
      responseMeta: ({ errors }) => {
        const retryAfter = errors.map((error) => toDomainError(error.cause)?.details?.['retryAfterSeconds']).find(Number.isFinite);
        return typeof retryAfter === 'number' ? { headers: { 'retry-after': String(retryAfter) } } : {};
      },
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC error');
      },
    },
  });

  registerEndpoints(app, appCtx, allEndpoints);
  await installWebApp(app, ctx.env);
  return { app, appCtx };
}
