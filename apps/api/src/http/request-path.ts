/**
 * The one decoded, normalised request path. The app rewrites every request target to it before
 * routing, so the router, the hooks and the transports all decide on the same path: `/%74rpc`,
 * `//trpc` and `/api/../trpc` are `/trpc` for everyone, never one thing to a check and another
 * to the router.
 */

export interface CanonicalTarget {
  /** Percent-decoded, without empty or dot segments, without the query. */
  path: string;
  /** The same path re-encoded for the router, with the original query. */
  url: string;
}

export const BAD_PATH_MESSAGE = 'La dirección de la petición no es válida';

/** A target the router itself refuses as undecodable, so the refusal takes its one road. */
export const UNDECODABLE_TARGET = '/%';

/** Undefined when the target cannot be decoded (bad percent escapes, invalid UTF-8). */
export function canonicalTarget(target: string): CanonicalTarget | undefined {
  const relative = target.startsWith('/') ? target : absoluteFormPath(target);
  if (relative === undefined) return undefined;
  const queryStart = relative.search(/[?#]/);
  const rawPath = queryStart === -1 ? relative : relative.slice(0, queryStart);
  const query = queryStart !== -1 && relative[queryStart] === '?' ? relative.slice(queryStart) : '';
  const path = normalisePath(rawPath);
  if (path === undefined) return undefined;
  // encodeURI keeps '/', so a decoded %2F is a real separator for the router too; '?' and '#' must stay data.
  const url = encodeURI(path).replace(/[?#]/g, (char) => encodeURIComponent(char)) + query;
  return { path, url };
}

function normalisePath(rawPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  const segments = decoded.split('/');
  const kept: string[] = [];
  for (const segment of segments) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') kept.pop();
    else kept.push(segment);
  }
  const last = segments[segments.length - 1];
  const trailingSlash = kept.length > 0 && (last === '' || last === '.' || last === '..');
  return `/${kept.join('/')}${trailingSlash ? '/' : ''}`;
}

/** `GET http://host/path HTTP/1.1` is legal: take its path and query. */
function absoluteFormPath(target: string): string | undefined {
  try {
    const url = new URL(target);
    return url.protocol === 'http:' || url.protocol === 'https:' ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}
