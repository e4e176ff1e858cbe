/**
 * Registers one REST route on Fastify: flood gate, session, then the route's own work
 * (endpoints/rest-adapter.ts), and the answer (the status, 204 for nothing).
 */
import { DomainError, UNAUTHORIZED_MESSAGE } from '@crm/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, ServiceContext, Viewer } from '../context.js';
import type { Env } from '../env.js';
import { readSessionToken } from '../http/session-cookie.js';
import { viewerOf } from '../http/viewer.js';
import { hashToken } from '../sessions/session.js';
import { refuseUntilEnrolled } from '../sessions/enrolment-gate.js';
import type { HttpMethod } from './endpoint.js';

export interface RouteSpec {
  method: HttpMethod;
  url: string;
  /** Public routes run without a session (with the viewer, if any); every other route answers 401 without one. */
  access: 'public' | 'authed';
  bodyLimit?: (env: Env) => number;
  /** Refuses (throws) a flood from the session the cookie stands for, before the session is read. */
  floodGate?: (sessionId: string) => Promise<void>;
  /** Open to a user who must still set up the second factor their role requires (every other authed route is a 403 for them). */
  beforeEnrolment?: boolean;
  /** The declaration's name, kept in the route's config: the route-table test looks for it. */
  endpoint?: string;
  run: (ctx: (AppContext & { viewer?: Viewer }) | ServiceContext, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

export function registerRoute(app: FastifyInstance, ctx: AppContext, spec: RouteSpec): void {
  app.route({
    method: spec.method,
    url: spec.url,
    bodyLimit: spec.bodyLimit?.(ctx.env),
    config: { endpoint: spec.endpoint },
    handler: async (request, reply) => {
      let callCtx: AppContext & { viewer?: Viewer } = { ...ctx, log: request.log };
      if (spec.access === 'authed') {
        const token = readSessionToken(request);
        if (token) await spec.floodGate?.(hashToken(token));
        const viewer = await viewerOf(ctx, request);
        if (!viewer) throw new DomainError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
        if (!spec.beforeEnrolment) refuseUntilEnrolled(viewer);
        callCtx = { ...callCtx, viewer };
      } else if (spec.endpoint) {
        callCtx = { ...callCtx, viewer: await viewerOf(ctx, request) };
      }
      const result = await spec.run(callCtx, request, reply);
      if (result === reply || reply.sent) return reply;
      if (result === undefined) return reply.code(reply.statusCode === 200 ? 204 : reply.statusCode).send();
      return reply.send(result);
    },
  });
}
