/**
 * Which sites may use a form's public door (CORS) and frame its hosted page: the form's allowed
 * origins, and our own host. The app-wide cross-origin check lets these paths through
 * (`isWebFormPublicPath`) because this check, which knows the form, takes its place.
 */
import { DomainError } from '@crm/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../../env.js';
import { isAllowedOrigin } from '../../http/origin.js';

const ORIGIN_REFUSED = 'Este sitio web no puede enviar este formulario';

const PUBLIC_PATH = /^\/api\/forms\/[^/]+\/(submissions|challenge)$/;

/** The public form paths, which decide on the Origin themselves. */
export function isWebFormPublicPath(url: string): boolean {
  return PUBLIC_PATH.test(url.split('?', 1)[0] ?? '');
}

/**
 * The Origin the answer may name for the browser, or undefined without one (not a browser, or a
 * same-origin GET): the form's sites and the CRM's own (its host, by host only since a TLS proxy
 * may hide the scheme, or PUBLIC_ORIGIN) pass; any other site is refused (403).
 */
export function admitOrigin(request: FastifyRequest, allowedOrigins: readonly string[], env: Env): string | undefined {
  const origin = request.headers.origin?.replace(/\/$/, '').toLowerCase();
  if (origin === undefined) return undefined;
  if (allowedOrigins.includes(origin) || isAllowedOrigin(origin, request.host, env)) return origin;
  throw new DomainError('FORBIDDEN', ORIGIN_REFUSED);
}

/** CORS for an admitted origin: its answer may be read there (no cookies: the door needs none). */
export function allowOrigin(reply: FastifyReply, origin: string | undefined): void {
  reply.header('vary', 'Origin');
  if (origin !== undefined) reply.header('access-control-allow-origin', origin);
}

/** The preflight of a cross-site POST with a JSON body (its Origin already admitted and named). */
export function answerPreflight(reply: FastifyReply): FastifyReply {
  reply.header('access-control-allow-methods', 'GET, POST');
  reply.header('access-control-allow-headers', 'content-type');
  reply.header('access-control-max-age', '600');
  return reply.code(204).send();
}
