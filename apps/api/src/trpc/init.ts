/** The only initTRPC: context, error shape, and the procedures every router builds on. */
import { DomainError, type DomainErrorCode, UNAUTHORIZED_MESSAGE } from '@crm/domain';
import { TRPCError, initTRPC } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import type { AppContext, Viewer } from '../context.js';
import { resolveSessionId } from '../modules/auth/session.service.js';

export interface TrpcContext extends AppContext {
  viewer: Viewer | undefined;
  clientIp: string;
  userAgent: string | null;
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

const t = initTRPC.context<TrpcContext>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? error.cause : undefined;
    return {
      ...shape,
      // Validation errors carry the first Spanish message as the message, like REST does.
      message: zodError?.issues[0]?.message ?? (error.code === 'INTERNAL_SERVER_ERROR' ? 'Error interno del servidor' : shape.message),
      data: { ...shape.data, stack: undefined, issues: zodError?.issues.map((i) => ({ path: i.path, message: i.message })) },
    };
  },
});

/** Turns the services' DomainErrors into tRPC errors, in one place. */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODES[cause.code], message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(domainErrors);

export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  // An HTTP context is built per request; a WebSocket's once per connection, so there the
  // session and user are read again on every call: a role change or deletion applies at once.
  const viewer = ctx.viewer && !ctx.setSessionCookie ? await resolveSessionId(ctx, ctx.viewer.sessionId) : ctx.viewer;
  if (!viewer) throw new TRPCError({ code: 'UNAUTHORIZED', message: UNAUTHORIZED_MESSAGE });
  return next({ ctx: { viewer } });
});
