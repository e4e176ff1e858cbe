/** The origin a link handed to a person starts with: PUBLIC_ORIGIN's first, else the origin the request came to. */
import type { Env } from '../../env.js';

export function linkOrigin(env: Env, request: { protocol: string; host: string }): string {
  return env.publicOrigins[0] ?? `${request.protocol}://${request.host}`;
}
