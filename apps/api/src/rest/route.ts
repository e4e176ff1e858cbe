/** How a REST route is declared: method, path, who may call it, body schema, handler. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext, ServiceContext } from '../context.js';
import type { HttpMethod } from '../endpoints/endpoint.js';

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
  /** Open to a user who must still set up their second factor (every other authed route is a 403 for them). */
  beforeEnrolment?: boolean;
  body?: z.ZodType;
  /** 201 for creates; 200 otherwise (204 when the handler returns nothing). */
  successStatus?: 200 | 201;
  handler: (call: PublicCall<unknown> & { ctx: AppContext | ServiceContext }) => Promise<unknown>;
}

export function publicRoute<S extends z.ZodType | undefined = undefined>(definition: {
  method: HttpMethod;
  url: string;
  body?: S;
  successStatus?: 200 | 201;
  handler: (call: PublicCall<S extends z.ZodType ? z.output<S> : undefined>) => Promise<unknown>;
}): RestRoute {
  return { ...definition, access: 'public', handler: definition.handler as RestRoute['handler'] };
}

export function authedRoute<S extends z.ZodType | undefined = undefined>(definition: {
  method: HttpMethod;
  url: string;
  beforeEnrolment?: boolean;
  body?: S;
  successStatus?: 200 | 201;
  handler: (call: AuthedCall<S extends z.ZodType ? z.output<S> : undefined>) => Promise<unknown>;
}): RestRoute {
  return { ...definition, access: 'authed', handler: definition.handler as RestRoute['handler'] };
}
