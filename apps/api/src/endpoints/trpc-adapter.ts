/** Builds the tRPC procedure of a declared endpoint, and a feature's router from its endpoints. */
import type { AnyTRPCProcedure } from '@trpc/server';
import { authedProcedure, enrollingProcedure, httpOnlyProcedure, publicProcedure, router } from '../trpc/init.js';
import type { AnyEndpoint, SetSessionCookie, TrpcKind } from './endpoint.js';
import { passGate } from './gate.js';

/** Every procedure built from a declaration: the route-table test refuses any other. */
const declaredProcedures = new WeakSet<AnyTRPCProcedure>();

export function isDeclaredProcedure(procedure: AnyTRPCProcedure): boolean {
  return declaredProcedures.has(procedure);
}

/** A subscription built by hand and declared with `subscription({...})`. */
export function markDeclared(procedure: AnyTRPCProcedure): void {
  declaredProcedures.add(procedure);
}

/** Only a call declared `sessionCookie` may touch the cookie; the others never get the chance to. */
function cookieWriter(endpoint: AnyEndpoint, write: SetSessionCookie | undefined): SetSessionCookie {
  return (token, expiresAt) => {
    if (!endpoint.sessionCookie || !write) throw new Error(`${endpoint.name} no declara sessionCookie`);
    write(token, expiresAt);
  };
}

export function buildProcedure(endpoint: AnyEndpoint, kind: TrpcKind): AnyTRPCProcedure {
  const { permission } = endpoint;
  // The gate runs before the input is read, as over REST: a refused caller learns nothing from a 400.
  // A call that sets the cookie runs over HTTP only: a socket has no answer to carry it.
  const gated =
    permission === 'public'
      ? endpoint.sessionCookie
        ? httpOnlyProcedure
        : publicProcedure
      : (endpoint.beforeEnrolment ? enrollingProcedure : authedProcedure).use(({ ctx, next }) => {
          passGate(ctx.viewer.user, permission);
          return next();
        });
  // A paced call's gate runs first, before the session is read.
  const withInput = (endpoint.pace ? endpoint.pace.trpc.concat(gated) : gated).input(endpoint.input);
  const resolve = ({
    ctx,
    input,
  }: {
    ctx: Parameters<AnyEndpoint['handler']>[0]['ctx'] & {
      clientIp: string;
      userAgent: string | null;
      requestHost?: { protocol: string; host: string };
      setSessionCookie?: SetSessionCookie;
    };
    input: unknown;
  }) =>
    endpoint.handler({
      ctx,
      input,
      client: { ip: ctx.clientIp, userAgent: ctx.userAgent, requestHost: ctx.requestHost },
      setSessionCookie: cookieWriter(endpoint, ctx.setSessionCookie),
    });
  const procedure = kind === 'query' ? withInput.query(resolve) : withInput.mutation(resolve);
  declaredProcedures.add(procedure);
  return procedure;
}

/** The last segment of a dotted name: 'leads.list' → 'list', 'auth.twoFactor.status' → 'status'. */
type LastSegment<N> = N extends `${string}.${infer Rest}` ? LastSegment<Rest> : N;
type ProcedureKey<N> = N extends `${string}.${string}` ? LastSegment<N> : never;

type ProceduresOf<E extends readonly { name: string; procedure: unknown }[]> = {
  [X in E[number] as X['procedure'] extends undefined ? never : ProcedureKey<X['name']>]: Extract<X['procedure'], AnyTRPCProcedure>;
};

/**
 * A feature's tRPC router: its endpoints with a tRPC binding, each under the last segment of its
 * name. A nested router ('auth.twoFactor') is mounted under its key by its parent's router.
 */
export function routerOf<const E extends readonly { name: string; procedure: unknown }[]>(endpoints: E) {
  const record: Record<string, AnyTRPCProcedure> = {};
  for (const endpoint of endpoints) {
    if (endpoint.procedure) record[endpoint.name.slice(endpoint.name.lastIndexOf('.') + 1)] = endpoint.procedure as AnyTRPCProcedure;
  }
  return router(record as ProceduresOf<E>);
}
