/**
 * Which requests may change state or open a socket, by their Origin and Fetch Metadata: the
 * model of Go 1.25's http.CrossOriginProtection. Our own host and PUBLIC_ORIGIN are trusted.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Env } from '../env.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BEARER_SCHEME = /^Bearer /i;

/** For a WebSocket upgrade: no Origin (not a browser), our own host, or PUBLIC_ORIGIN. */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, env: Env): boolean {
  if (!origin) return true;
  return originHost(origin) === host || isTrustedOrigin(origin, env);
}

/**
 * Whether a request may go on. Safe methods always; then the browser's own word
 * (Sec-Fetch-Site); for older browsers the Origin; a request with neither header does not come
 * from a browser, so no other site can have made a user's browser send it. An API token without a
 * cookie passes (docs/api-tokens.md).
 */
export function passesCrossOriginCheck(method: string, headers: IncomingHttpHeaders, host: string | undefined, env: Env): boolean {
  if (SAFE_METHODS.has(method)) return true;
  // A bearer token is no ambient credential (another site's page cannot make a browser send it):
  // without a cookie beside it there is nothing to forge. With one, the check applies as usual.
  if (BEARER_SCHEME.test(headers.authorization ?? '') && headers.cookie === undefined) return true;
  const site = headers['sec-fetch-site'];
  const origin = headers.origin;
  if (site === 'same-origin' || site === 'none') return true;
  if (site !== undefined) return origin !== undefined && isTrustedOrigin(origin, env);
  if (origin === undefined) return true;
  return originHost(origin) === host || isTrustedOrigin(origin, env);
}

function isTrustedOrigin(origin: string, env: Env): boolean {
  return env.publicOrigins.includes(origin.replace(/\/$/, ''));
}

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host || undefined;
  } catch {
    return undefined;
  }
}
