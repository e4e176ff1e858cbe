/**
 * `Authorization: Bearer crm_…` on /api and /trpc (docs/api-tokens.md): the token's user, with
 * that user's role, narrowed by the token's scope. Checked on every request (a revoked token, an
 * expired one or a deactivated owner stops at once) and counted against the token's per-minute
 * limit in the database, so every replica shares it. REST requests get their 401 / 429 / 403 here,
 * before any route runs; tRPC gets the same refusals in its own error shape (trpc/context.ts, init.ts).
 */
import { findUserById, useApiToken } from '@crm/db';
import { API_TOKEN_MESSAGES, UNAUTHORIZED_MESSAGE } from '@crm/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, Viewer } from '../context.js';
import { mustEnrolSecondFactor } from '../sessions/session.js';

const BEARER = /^Bearer +(\S+)$/i;
/** Far longer than any real token (47 characters): a longer one is not looked up at all. */
const MAX_TOKEN_LENGTH = 200;
const READ_METHODS = new Set(['GET', 'HEAD']);

/** Why a token request goes no further. */
export interface BearerRefusal {
  status: 401 | 429;
  message: string;
}

type Outcome = { viewer: Viewer } | { refusal: BearerRefusal };
const outcomes = new WeakMap<FastifyRequest, Outcome>();

/** The token an `Authorization: Bearer` header carries; any other scheme is not ours and is ignored. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header === undefined ? undefined : BEARER.exec(header)?.[1];
}

/** The viewer the hook below resolved for this request's token (undefined: none, or refused). */
export function bearerViewerOf(request: FastifyRequest): Viewer | undefined {
  const outcome = outcomes.get(request);
  return outcome && 'viewer' in outcome ? outcome.viewer : undefined;
}

/** Why this request's token was refused, if it was. */
export function bearerRefusalOf(request: FastifyRequest): BearerRefusal | undefined {
  const outcome = outcomes.get(request);
  return outcome && 'refusal' in outcome ? outcome.refusal : undefined;
}

export function installBearerTokens(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', async (request, reply) => {
    const rest = request.url.startsWith('/api/');
    // Sockets authenticate by their cookie; static files need nobody.
    if (request.headers.upgrade || !(rest || request.url.startsWith('/trpc/'))) return;
    const token = bearerTokenOf(request);
    if (token === undefined) return;
    const outcome = await resolveBearer(ctx, token, request, reply);
    outcomes.set(request, outcome);
    if ('refusal' in outcome) return rest ? reply.code(outcome.refusal.status).send({ message: outcome.refusal.message }) : undefined;
    request.log = request.log.child({ apiTokenId: outcome.viewer.apiToken?.id });
    // tRPC refuses a read token's mutation itself (trpc/init.ts): its GET and POST are not reads and writes.
    if (rest && outcome.viewer.apiToken?.scope === 'read' && !READ_METHODS.has(request.method)) {
      return reply.code(403).send({ message: API_TOKEN_MESSAGES.readOnly });
    }
  });
}

async function resolveBearer(ctx: AppContext, token: string, request: FastifyRequest, reply: FastifyReply): Promise<Outcome> {
  const use = token.length <= MAX_TOKEN_LENGTH ? await useApiToken(ctx.db, token, request.ip) : undefined;
  const user = use && (await findUserById(ctx.db, use.userId));
  if (!use || !user) {
    // RFC 6750: the client learns the token itself is no good (not that it lacks one).
    reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
    return { refusal: { status: 401, message: UNAUTHORIZED_MESSAGE } };
  }
  const limit = ctx.env.API_TOKEN_RATE_LIMIT_PER_MIN;
  reply
    .header('RateLimit-Limit', limit)
    .header('RateLimit-Remaining', Math.max(0, limit - use.used))
    .header('RateLimit-Reset', use.resetSeconds);
  if (use.used > limit) {
    reply.header('Retry-After', use.resetSeconds);
    return { refusal: { status: 429, message: API_TOKEN_MESSAGES.rateLimited(use.resetSeconds) } };
  }
  // A token acts as its user, so a role's 2FA requirement he has not met holds it back like his session.
  const mustEnrol = await mustEnrolSecondFactor(ctx, user);
  return {
    viewer: { user, sessionId: `api-token:${use.id}`, apiToken: { id: use.id, scope: use.scope }, mustEnrolSecondFactor: mustEnrol },
  };
}
