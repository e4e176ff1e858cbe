/**
 * React.lazy for a route's screen whose failed load can be tried again. React.lazy keeps a rejected
 * load forever, and React renders a failed screen again before showing the error: a failed screen
 * gets a fresh lazy component only when the error boundary asks (retryFailedScreens), never by itself.
 */
import { type ComponentType, lazy } from 'react';
import { isChunkGone } from './chunk-gone';
import { type ChunkLoadEnv, loadChunk } from './chunk-load';

const browserEnv: ChunkLoadEnv = {
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  isGone: isChunkGone,
  storage: {
    getItem: (key) => window.sessionStorage.getItem(key),
    setItem: (key, value) => window.sessionStorage.setItem(key, value),
  },
  now: () => Date.now(),
  reload: () => window.location.reload(),
};

/** How each screen whose load failed starts over. */
const failedScreens = new Set<() => void>();

export function retryFailedScreens(): void {
  for (const renew of failedScreens) renew();
  failedScreens.clear();
}

export function lazyScreen(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const attempt = () =>
    lazy(() =>
      loadChunk(load, browserEnv).catch((error: unknown) => {
        failedScreens.add(renew);
        throw error;
      }),
    );
  const renew = () => {
    current = attempt();
  };
  let current = attempt();
  return function LazyScreen() {
    const Current = current;
    return <Current />;
  };
}
