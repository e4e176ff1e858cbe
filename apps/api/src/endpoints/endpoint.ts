/**
 * One declaration per endpoint: everything the API says about a call, written once.
 *
 * `endpoint({...})` takes
 * - `name`: `<router key>.<procedure>` ('leads.list'); the tRPC path when there is a tRPC binding,
 *   the OpenAPI operationId always;
 * - `summary` (Spanish, one line) and optionally `description` (Spanish, for the reference);
 * - `permission`: an Action of the domain's permission table, checked by both transports before
 *   the handler (`canAtAll`: for an action on a user, whether the caller may do it to some user;
 *   the service still checks the row), or 'authenticated' (any signed-in user, the service
 *   decides) or 'public' (no session needed);
 * - `input`: ONE zod schema, the tRPC input and what the handler receives. Over REST it is
 *   assembled from the request: path parameters, then for GET / DELETE / OPTIONS the query string,
 *   for POST / PUT the JSON body (its fields at the top level, or under `rest.bodyKey` when the tRPC
 *   input nests them, as `{ id, data }`). Use `NO_INPUT` for a call without one.
 * - `output`: the zod schema of the answer (dates as `z.date()`: superjson keeps them over tRPC,
 *   JSON sends ISO strings). The handler's result must match its type; it is not parsed at run
 *   time, it types the handler and documents the answer;
 * - `rest`: method, Fastify path ('/api/leads/:id'), success status, and escape hatches for the
 *   calls JSON cannot carry (downloads, streams, uploads, redirects, CORS doors), which still
 *   declare everything above;
 * - `trpc`: 'query' | 'mutation' to expose it as tRPC `<router key>.<procedure>`;
 * - `sessionCookie: true` for the calls that sign in and out: the handler may set or clear the
 *   session cookie (`setSessionCookie`), so over tRPC they run on HTTP only (a socket has no
 *   cookie to set: refused with a 400);
 * - `pace` for the calls a client may flood (chat sends): gates in memory before the session is read;
 * - `handler({ ctx, input, client, setSessionCookie })`: one line calling the service.
 *
 * Live subscriptions (tRPC over the socket only) are declared with `subscription({...})`: name,
 * summary, permission, input and the procedure itself, which keeps its own socket gates.
 *
 * The REST adapter (rest-adapter.ts) and the tRPC adapter (trpc-adapter.ts) derive the route and
 * the procedure; openapi.ts derives the reference. A module lists its endpoints in
 * `<module>.endpoints.ts`, builds its tRPC router with `routerOf` and adds the list to
 * `endpoints/all.ts`.
 */
import type { Action } from '@crm/domain';
import type { AnyTRPCProcedure, TRPCMutationProcedure, TRPCQueryProcedure } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext, ServiceContext, Viewer } from '../context.js';
import type { Env } from '../env.js';
import { type AuditPolicy, type WorkCost, withCallPolicy } from './call-policy.js';
import type { gateProcedure } from '../trpc/init.js';
import { buildProcedure, markDeclared } from './trpc-adapter.js';

export type Permission = Action | 'authenticated' | 'public';
/** OPTIONS only for a public door that answers its own CORS preflight. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';
export type TrpcKind = 'query' | 'mutation';

/** The caller's network side, the same on both transports. */
interface Client {
  ip: string;
  userAgent: string | null;
  /** The Referer header, over REST only: the web-form door records it when the page sends none. */
  referer?: string;
  /** The scheme and host the request came to; absent over the WebSocket, which has no request per call. */
  requestHost?: { protocol: string; host: string };
}

/** A public endpoint runs with whoever is signed in, or no one. */
export interface PublicContext extends AppContext {
  viewer: Viewer | undefined;
}

type ContextOf<P extends Permission> = P extends 'public' ? PublicContext : ServiceContext;

/** Sets (a token and its expiry) or clears (null) the session cookie: only with `sessionCookie: true`. */
export type SetSessionCookie = (token: string | null, expiresAt?: Date) => void;

interface Call<P extends Permission, Input> {
  ctx: ContextOf<P>;
  input: Input;
  client: Client;
  setSessionCookie: SetSessionCookie;
}

/** For the REST escape hatches: the raw request and reply besides the declared call. */
interface RestCall<P extends Permission> {
  ctx: ContextOf<P>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Only for calls a client may flood (chat sends): gates in memory, before the session is read.
 * Over tRPC the call is built on `trpc` (a socket's own allowance, or the session's over HTTP);
 * over REST `refuse` throws the 429 given the session id the cookie stands for, and `run` paces the
 * handler by the caller's session.
 */
export interface Pace {
  trpc: typeof gateProcedure;
  refuse: (sessionId: string) => Promise<void>;
  run: <T>(ctx: ServiceContext, call: () => Promise<T>) => Promise<T>;
}

export interface RestBinding<P extends Permission, Result> {
  method: HttpMethod;
  /** Fastify syntax: `/api/leads/:id`; each `:param` must be a key of the input. */
  path: string;
  /**
   * 201 for creates; 200 otherwise (204 when the handler returns nothing, declared for the
   * reference); 302 for a redirect, which `send` writes.
   */
  status?: 200 | 201 | 204 | 302;
  /** The input key the JSON body goes under (tRPC's `{ id, data }`); absent, its fields are the input's. */
  bodyKey?: string;
  /** Uploads declare their own limit (from the server's settings); JSON bodies are capped at 1 MB. */
  bodyLimit?: (env: Env) => number;
  /**
   * Escape hatch for answers that are not JSON (downloads, images, redirects): writes the
   * handler's result itself, with the request for its conditional headers (If-None-Match).
   */
  send?: (reply: FastifyReply, result: Result, request: FastifyRequest) => FastifyReply;
  /**
   * Escape hatch for multipart uploads: reads the parts itself (streaming, counting the bytes
   * against its own limit) and returns the raw input, which `input` then checks like any other.
   * `form` documents the multipart fields (files as `z.file()`).
   */
  upload?: {
    form: z.ZodType;
    read: (call: RestCall<P>) => Promise<unknown>;
  };
  /**
   * Escape hatch for public doors that speak CORS: runs after the permission check and before
   * the input is read, and may refuse (throw) or set headers, so that even a 400 about the body
   * carries the headers that let the calling site read it.
   */
  admit?: (call: RestCall<P>) => Promise<void>;
  /** The media type of a non-JSON answer, for the reference. */
  produces?: string;
  /**
   * Escape hatch run after the permission check and before the input is read: answers by itself
   * (a reply) or returns undefined to go on. `output` documents its answer beside the declared one.
   */
  intercept?: {
    when: string;
    output: z.ZodType;
    run: (call: RestCall<P>) => FastifyReply | undefined | Promise<FastifyReply | undefined>;
  };
}

export interface EndpointDefinition<N extends string, I extends z.ZodType, O extends z.ZodType, P extends Permission, R, K> {
  name: N;
  summary: string;
  description?: string;
  permission: P;
  input: I;
  output: O;
  rest?: RestBinding<P, R>;
  trpc?: K;
  /** Signing in and out, which anyone may try: only a public endpoint sets the cookie. */
  sessionCookie?: P extends 'public' ? true : never;
  pace?: Pace;
  /** Open to a signed-in user who must still set up the second factor their role requires (enrolling, who am I, signing out). */
  beforeEnrolment?: true;
  /** Expensive work: units of the caller's budget it costs, fixed or from its input (call-policy.ts). */
  cost?: WorkCost<z.output<I>>;
  /** Recorded in the audit log when it succeeds; 'attempts': when it fails too (call-policy.ts). */
  audit?: AuditPolicy;
  handler: (call: Call<P, z.output<I>>) => Promise<R>;
}

type ProcedureOf<I extends z.ZodType, R, K> = K extends 'query'
  ? TRPCQueryProcedure<{ input: z.input<I>; output: R; meta: object }>
  : K extends 'mutation'
    ? TRPCMutationProcedure<{ input: z.input<I>; output: R; meta: object }>
    : undefined;

export interface Endpoint<
  N extends string = string,
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  P extends Permission = Permission,
  R = unknown,
  K extends TrpcKind | undefined = TrpcKind | undefined,
> extends EndpointDefinition<N, I, O, P, R, K> {
  /** The tRPC procedure built from this declaration (undefined without a tRPC binding). */
  procedure: ProcedureOf<I, R, K>;
}

/** Any declared endpoint, its types erased: what the adapters and the reference walk. */
export interface AnyEndpoint {
  name: string;
  summary: string;
  description?: string;
  permission: Permission;
  input: z.ZodType;
  output: z.ZodType;
  rest?: RestBinding<Permission, unknown>;
  trpc?: TrpcKind;
  sessionCookie?: true;
  pace?: Pace;
  beforeEnrolment?: true;
  cost?: WorkCost<never>;
  audit?: AuditPolicy;
  handler: (call: Call<Permission, unknown>) => Promise<unknown>;
  procedure: unknown;
}

/** The input of a call that takes none: absent (or null, as a raw socket frame sends) over tRPC, anything in a query string is ignored. */
export const NO_INPUT = z.object({}).nullish();

/** A download's result: the REST binding's `send` turns it into the attachment. */
export const downloadSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  body: z.unknown(),
});

/** The REST `send` of a download: its type, the attachment's name, and never a cached copy. */
export function sendDownload(reply: FastifyReply, download: z.output<typeof downloadSchema>): FastifyReply {
  return reply
    .header('content-type', download.contentType)
    .header('content-disposition', `attachment; filename="${download.fileName}"`)
    .header('cache-control', 'no-store')
    .send(download.body);
}

export function endpoint<
  const N extends string,
  I extends z.ZodType,
  O extends z.ZodType,
  P extends Permission,
  R extends z.output<O>,
  K extends TrpcKind | undefined = undefined,
>(declared: EndpointDefinition<N, I, O, P, R, K>): Endpoint<N, I, O, P, R, K> {
  const definition = { ...declared, handler: withCallPolicy(declared, declared.handler) };
  const procedure = definition.trpc ? buildProcedure(definition as unknown as AnyEndpoint, definition.trpc) : undefined;
  return { ...definition, procedure: procedure as ProcedureOf<I, R, K> };
}

/** A live subscription (tRPC over the socket): declared for the route table, built by hand for its socket gates. */
export interface SubscriptionEndpoint<N extends string = string, Procedure extends AnyTRPCProcedure = AnyTRPCProcedure> {
  name: N;
  summary: string;
  description?: string;
  permission: Permission;
  input: z.ZodType;
  procedure: Procedure;
}

/**
 * Declares a subscription: `procedure` must take `input` and check `permission` itself (a feed
 * is opened once and lives on, so its gates run at the socket, before the session is read).
 */
export function subscription<const N extends string, Procedure extends AnyTRPCProcedure>(
  definition: SubscriptionEndpoint<N, Procedure>,
): SubscriptionEndpoint<N, Procedure> {
  markDeclared(definition.procedure);
  return definition;
}
