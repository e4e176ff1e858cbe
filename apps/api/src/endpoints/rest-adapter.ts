/** Registers the REST route of each declared endpoint: gate, input from the request, handler, answer. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext, ServiceContext } from '../context.js';
import { parseInput } from '../http/parse-input.js';
import { writeSessionCookie } from '../http/session-cookie.js';
import { registerRoute } from './register-route.js';
import type { AnyEndpoint, PublicContext, RestBinding } from './endpoint.js';
import { passGate } from './gate.js';

/** A JSON body whose fields make the input must be an object (an array or a string is a 400). */
const BODY_OBJECT = z.record(z.string(), z.unknown());

/**
 * The input as one object: the path parameters (which win over a body's field of the same name),
 * with the query string (GET, DELETE) or the JSON body (POST, PUT), nested under `bodyKey` if declared.
 */
function rawInput(rest: RestBinding<never, unknown>, request: FastifyRequest): Record<string, unknown> {
  const params = request.params as Record<string, string>;
  if (rest.method === 'GET' || rest.method === 'DELETE' || rest.method === 'OPTIONS')
    return { ...(request.query as Record<string, unknown>), ...params };
  const body = request.body ?? {};
  if (rest.bodyKey) return { [rest.bodyKey]: body, ...params };
  return { ...parseInput(BODY_OBJECT, body), ...params };
}

export function registerEndpoints(app: FastifyInstance, ctx: AppContext, endpoints: readonly AnyEndpoint[]): void {
  for (const endpoint of endpoints) {
    const { rest } = endpoint;
    if (!rest) continue;
    registerRoute(app, ctx, {
      method: rest.method,
      url: rest.path,
      access: endpoint.permission === 'public' ? 'public' : 'authed',
      bodyLimit: rest.bodyLimit,
      floodGate: endpoint.pace?.refuse,
      beforeEnrolment: endpoint.beforeEnrolment,
      endpoint: endpoint.name,
      run: async (callCtx, request, reply) => {
        if (endpoint.permission !== 'public') passGate((callCtx as ServiceContext).viewer.user, endpoint.permission);
        const call = { ctx: callCtx as PublicContext, request, reply };
        const intercepted = await rest.intercept?.run(call);
        if (intercepted) return intercepted;
        await rest.admit?.(call);
        const raw = rest.upload ? await rest.upload.read(call) : rawInput(rest, request);
        const input = parseInput(endpoint.input, raw, rest.bodyKey);
        const handle = () =>
          endpoint.handler({
            ctx: call.ctx,
            input,
            client: {
              ip: request.ip,
              userAgent: request.headers['user-agent'] ?? null,
              referer: request.headers.referer,
              requestHost: { protocol: request.protocol, host: request.host },
            },
            setSessionCookie: (token, expiresAt) => {
              if (!endpoint.sessionCookie) throw new Error(`${endpoint.name} no declara sessionCookie`);
              writeSessionCookie(request, reply, token, expiresAt);
            },
          });
        const result = await (endpoint.pace ? endpoint.pace.run(call.ctx as ServiceContext, handle) : handle());
        if (rest.send) return rest.send(reply, result, request);
        if (rest.status) reply.code(rest.status);
        return result;
      },
    });
  }
}
