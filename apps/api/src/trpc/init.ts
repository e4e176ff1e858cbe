/** The only initTRPC: context, error shape, and the procedures every router builds on. */
import { API_TOKEN_MESSAGES, DomainError, type DomainErrorCode, UNAUTHORIZED_MESSAGE } from '@crm/domain';
import { TRPCError, initTRPC } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import type { AppContext, Viewer } from '../context.js';
import { toDomainError } from '../http/error-mapping.js';
import type { FrameGate } from '../live/frame-gate.js';
import { refuseUntilEnrolled } from '../sessions/enrolment-gate.js';
import { resolveSessionId } from '../sessions/session.js';

export interface TrpcContext extends AppContext {
  /** A WebSocket context is built once per connection, an HTTP one per request. */
  transport: 'http' | 'websocket';
  viewer: Viewer | undefined;
  clientIp: string;
  userAgent: string | null;
  /** On a WebSocket: the socket's own gate for chat sends (over HTTP the database's count alone decides). */
  socketGate?: FrameGate;
  /** On a WebSocket: closes it because its session ended. */
  endSocket?: () => void;
  /** Over HTTP: the scheme and host the request came to (links handed to people start there). */
  requestHost?: { protocol: string; host: string };
  /** Sets or clears the session cookie; only HTTP requests can (a socket cannot). */
  setSessionCookie?: (token: string | null, expiresAt?: Date) => void;
}

const TRPC_CODES: Record<DomainErrorCode, TRPCError['code']> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
};

export const UNREADABLE_INPUT_MESSAGE = 'Los datos enviados no se pueden leer';
export const BATCH_TOO_LARGE_MESSAGE = 'Demasiadas llamadas en un mismo lote';

/**
 * superjson, except that an input it cannot rebuild (say, `meta` nested thousands deep, which
 * overflows its recursion) is a Spanish 400 rather than its own error text.
 */
const transformer = {
  input: {
    serialize: (value: unknown) => superjson.serialize(value),
    deserialize: (value: unknown) => {
      try {
        return superjson.deserialize(value as Parameters<typeof superjson.deserialize>[0]);
      } catch {
        throw new TRPCError({ code: 'BAD_REQUEST', message: UNREADABLE_INPUT_MESSAGE });
      }
    },
  },
  output: superjson,
};

/** tRPC's own English refusals that a client may meet, in Spanish. */
const TRPC_MESSAGES: Record<string, string> = {
  'Batch call exceeds maximum size': BATCH_TOO_LARGE_MESSAGE,
};

function messageOf(error: TRPCError, shapeMessage: string, zodError: ZodError | undefined): string {
  if (zodError?.issues[0]) return zodError.issues[0].message;
  if (error.code === 'INTERNAL_SERVER_ERROR') return 'Error interno del servidor';
  return TRPC_MESSAGES[shapeMessage] ?? shapeMessage;
}

const t = initTRPC.context<TrpcContext>().create({
  transformer,
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? error.cause : undefined;
    return {
      ...shape,
      // Validation errors carry the first Spanish message as the message, like REST does.
      message: messageOf(error, shape.message, zodError),
      data: {
        ...shape.data,
        stack: undefined,
        issues: zodError?.issues.map((i) => ({ path: i.path, message: i.message })),
        details: error.cause instanceof DomainError ? error.cause.details : undefined,
      },
    };
  },
});

/** Turns the services' DomainErrors into tRPC errors, in one place. */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  const cause = result.ok ? undefined : toDomainError(result.error.cause);
  if (cause) {
    throw new TRPCError({ code: TRPC_CODES[cause.code], message: cause.message, cause });
  }
  return result;
});

/**
 * A WebSocket's context lives as long as the connection, so there the session and user are read
 * again on every call, public ones included (auth.me): a role change or deletion applies at once,
 * and a call on a socket whose session has ended is refused and closes it, even before the
 * `sessions-ended` event does. A read-only API token's mutation is refused here, on every procedure.
 */
const currentViewer = t.middleware(async ({ ctx, type, next }) => {
  if (ctx.viewer?.apiToken?.scope === 'read' && type === 'mutation')
    throw new TRPCError({ code: 'FORBIDDEN', message: API_TOKEN_MESSAGES.readOnly });
  if (ctx.transport !== 'websocket' || !ctx.viewer) return next();
  const viewer = await resolveSessionId(ctx, ctx.viewer.sessionId);
  if (!viewer) {
    ctx.endSocket?.();
    throw new TRPCError({ code: 'UNAUTHORIZED', message: UNAUTHORIZED_MESSAGE });
  }
  return next({ ctx: { viewer } });
});

export const router = t.router;
/** Only for gates in memory that must run before any database read (trpc/socket-gates.ts); handlers build on the two below. */
export const gateProcedure = t.procedure.use(domainErrors);
export const publicProcedure = gateProcedure.use(currentViewer);

/** Signed in, whether or not a second factor their role requires is set up yet: only for enrolling. */
export const enrollingProcedure = publicProcedure.use(async ({ ctx, next }) => {
  if (!ctx.viewer) throw new TRPCError({ code: 'UNAUTHORIZED', message: UNAUTHORIZED_MESSAGE });
  return next({ ctx: { viewer: ctx.viewer } });
});

export const authedProcedure = enrollingProcedure.use(async ({ ctx, next }) => {
  refuseUntilEnrolled(ctx.viewer);
  return next();
});

export const HTTP_ONLY_MESSAGE = 'Inicia y cierra sesión por HTTP, no por la conexión en vivo';

/**
 * Signing in and out set and clear the cookie, which only an HTTP answer can: over a socket
 * they would leave a session no cookie carries.
 */
export const httpOnlyProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.transport !== 'http') throw new TRPCError({ code: 'BAD_REQUEST', message: HTTP_ONLY_MESSAGE });
  return next();
});
