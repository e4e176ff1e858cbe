/**
 * React.lazy for a route's screen whose failed load can be tried again. React.lazy keeps a rejected
 * load forever, and React renders a failed screen again before showing the error: a failed screen
 * gets a fresh lazy component only when the error boundary asks (retryFailedScreens), never by itself.
 * A screen preloaded before it first renders shows at once, without passing through its fallback.
 */
import { type ComponentType, lazy, useState } from 'react';
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

type ScreenModule = { default: ComponentType };

export interface LazyScreen<M extends ScreenModule> {
  (): React.JSX.Element;
  /**
   * Loads the screen's chunk now; once it is there, the screen's first render shows it directly.
   * A failure is left to the screen, which retries when it renders.
   */
  preload(): Promise<M | undefined>;
}

export function lazyScreen<M extends ScreenModule>(load: () => Promise<M>): LazyScreen<M> {
  let loaded: ComponentType | null = null;
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
  function LazyScreen() {
    // Chosen once per mount: switching from the lazy component to the loaded one would remount the screen.
    const [Current] = useState<ComponentType>(() => loaded ?? current);
    return <Current />;
  }
  LazyScreen.preload = () =>
    load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      () => undefined,
    );
  return LazyScreen;
}
