/** How a REST route is declared: method, path, who may call it, body schema, handler. */
import type { Action } from '@crm/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext, ServiceContext } from '../context.js';
import type { HttpMethod as EndpointMethod } from '../endpoints/endpoint.js';
import type { Env } from '../env.js';

/** The declared endpoints' methods, and OPTIONS for a public door that answers its own CORS preflight. */
export type HttpMethod = EndpointMethod | 'OPTIONS';

interface CallBase {
  params: Record<string, string>;
  query: Record<string, unknown>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface PublicCall<Body> extends CallBase {
  ctx: AppContext;
  body: Body;
}

export interface AuthedCall<Body> extends CallBase {
  ctx: ServiceContext;
  body: Body;
}

/** A route as the adapter registers it (body type erased). */
export interface RestRoute {
  method: HttpMethod;
  url: string;
  /** Public routes run without a session; every other route answers 401 without one. */
  access: 'public' | 'authed';
  /**
   * Only where refusing before the handler saves work (an upload not read at all): the
   * service decides in any case, so a route without it is just as closed.
   */
  earlyPermission?: Action;
  /** Open to a user who must still set up their second factor (every other authed route is a 403 for them). */
  beforeEnrolment?: boolean;
  /**
   * Only for calls a client may flood (chat sends): the Spanish reason to refuse with a 429 before
   * the session is even read, given the session id the cookie would stand for; undefined goes on.
   */
  floodGate?: (sessionId: string) => string | undefined;
  body?: z.ZodType;
  /** Uploads declare their own limit (from the server's settings); JSON bodies are capped at 1 MB. */
  bodyLimit?: (env: Env) => number;
  /** 201 for creates; 200 otherwise (204 when the handler returns nothing). */
  successStatus?: 200 | 201;
  handler: (call: PublicCall<unknown> & { ctx: AppContext | ServiceContext }) => Promise<unknown>;
}

export function publicRoute<S extends z.ZodType | undefined = undefined>(definition: {
  method: HttpMethod;
  url: string;
  body?: S;
  bodyLimit?: (env: Env) => number;
  successStatus?: 200 | 201;
  handler: (call: PublicCall<S extends z.ZodType ? z.output<S> : undefined>) => Promise<unknown>;
}): RestRoute {
  return { ...definition, access: 'public', handler: definition.handler as RestRoute['handler'] };
}

export function authedRoute<S extends z.ZodType | undefined = undefined>(definition: {
  method: HttpMethod;
  url: string;
  earlyPermission?: Action;
  beforeEnrolment?: boolean;
  floodGate?: (sessionId: string) => string | undefined;
  body?: S;
  bodyLimit?: (env: Env) => number;
  successStatus?: 200 | 201;
  handler: (call: AuthedCall<S extends z.ZodType ? z.output<S> : undefined>) => Promise<unknown>;
}): RestRoute {
  return { ...definition, access: 'authed', handler: definition.handler as RestRoute['handler'] };
}
