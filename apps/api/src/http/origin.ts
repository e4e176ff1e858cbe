/** Which Origins may change state or open a socket: our own host and PUBLIC_ORIGIN. */
import type { Env } from '../env.js';

export function isAllowedOrigin(origin: string | undefined, host: string | undefined, env: Env): boolean {
  // Same-origin fetches and non-browser clients may omit Origin; SameSite and the
  // content-type rule below still hold for them.
  if (!origin) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (host && parsed.host === host) return true;
  return env.publicOrigins.includes(parsed.origin);
}
