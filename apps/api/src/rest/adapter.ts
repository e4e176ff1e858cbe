/** Registers the REST route table on Fastify: flood gate, session, early permission, body validation, errors. */
import { DomainError, UNAUTHORIZED_MESSAGE } from '@crm/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { parseInput } from '../http/parse-input.js';
import { readSessionToken } from '../http/session-cookie.js';
import { viewerOf } from '../http/viewer.js';
import { hashToken } from '../modules/auth/session.service.js';
import { refuseUntilEnrolled } from '../modules/auth/enrolment-gate.js';
import { requirePermission } from '../require-permission.js';
import type { RestRoute } from './route.js';

export function registerRestRoutes(app: FastifyInstance, ctx: AppContext, routes: RestRoute[]): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.url,
      bodyLimit: route.bodyLimit?.(ctx.env),
      handler: async (request, reply) => {
        let callCtx: AppContext = ctx;
        if (route.access === 'authed') {
          const token = readSessionToken(request);
          const flooding = token && route.floodGate?.(hashToken(token));
          if (flooding) throw new DomainError('TOO_MANY_REQUESTS', flooding);
          const viewer = await viewerOf(ctx, request);
          if (!viewer) throw new DomainError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
          if (!route.beforeEnrolment) refuseUntilEnrolled(viewer);
          const serviceCtx = { ...ctx, log: request.log, viewer };
          if (route.earlyPermission) requirePermission(serviceCtx, route.earlyPermission);
          callCtx = serviceCtx;
        }
        const body = route.body ? parseInput(route.body, request.body ?? {}) : undefined;
        if (route.successStatus) reply.code(route.successStatus);
        const result = await route.handler({
          ctx: callCtx,
          body,
          params: request.params as Record<string, string>,
          query: request.query as Record<string, unknown>,
          request,
          reply,
        });
        if (result === reply || reply.sent) return reply;
        if (result === undefined) return reply.code(reply.statusCode === 200 ? 204 : reply.statusCode).send();
        return reply.send(result);
      },
    });
  }
}
