/**
 * Loading a screen's file (a lazily loaded chunk) so the app never turns into a blank page: a network
 * failure is retried; a file the server no longer has (a deploy replaced it) reloads the page once
 * into the new version. A second reload within a minute would be a loop: the error goes to the screen's
 * error boundary instead, which offers 'Reintentar'.
 */

/** Waits before each retry: a dropped connection often comes back within a second or two. */
const RETRY_DELAYS_MS = [500, 1500];
const RELOADED_AT_KEY = 'crm:chunk-reload-at';
const RELOAD_GUARD_MS = 60_000;

/** The screen's file could not be loaded even after retrying (the boundary says so in Spanish). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('No se pudo cargar esta pantalla', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** What loading depends on in the browser; the tests give their own. */
export interface ChunkLoadEnv {
  wait: (ms: number) => Promise<void>;
  /** Whether the failure means the file is gone from the server (a deploy), not a network problem. */
  isGone: (error: unknown) => Promise<boolean>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  reload: () => void;
}

/** Reloads unless a reload for the same reason happened moments ago; says whether it reloaded. */
function reloadOnce(env: ChunkLoadEnv): boolean {
  const last = Number(env.storage.getItem(RELOADED_AT_KEY) ?? 0);
  if (env.now() - last < RELOAD_GUARD_MS) return false;
  env.storage.setItem(RELOADED_AT_KEY, String(env.now()));
  env.reload();
  return true;
}

export async function loadChunk<T>(load: () => Promise<T>, env: ChunkLoadEnv): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt += 1) {
    const delay = RETRY_DELAYS_MS[attempt - 1];
    if (delay !== undefined) await env.wait(delay);
    try {
      return await load();
    } catch (error) {
      lastError = error;
      if (await env.isGone(error)) {
        // The page is going away: a promise that never settles keeps the loader on screen meanwhile.
        if (reloadOnce(env)) return new Promise<T>(() => undefined);
        break;
      }
    }
  }
  throw new ChunkLoadError(lastError);
}
