/**
 * A module a screen can show without, loaded once the browser is idle after the first paint: a
 * phone's first load then downloads and runs only what draws the screen (docs/performance.md).
 */
import { startTransition, useEffect, useState } from 'react';

/** Runs `task` when the main thread is idle (at the latest after `timeout` ms); returns a cancel. */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 1);
  return () => window.clearTimeout(handle);
}

/**
 * A hook giving the module once it has loaded (null before); every caller shares one wait for an idle
 * moment and one load (a screen of cards, each with a phone, asked the browser 24 times).
 */
export function idleModule<Module>(load: () => Promise<Module>): () => Module | null {
  let loaded: Module | null = null;
  let pending: Promise<Module> | null = null;
  const loadWhenIdle = () => {
    pending ??= new Promise<void>((resolve) => whenIdle(resolve)).then(load).then(
      (module) => (loaded = module),
      (error: unknown) => {
        // Not loaded (offline, a deploy): the next screen that asks tries again.
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  return function useIdleModule() {
    const [module, setModule] = useState(loaded);
    useEffect(() => {
      if (module) return;
      let current = true;
      loadWhenIdle().then(
        (value) => {
          // Every card showing a phone re-renders with it: in a transition React slices that work.
          if (current) startTransition(() => setModule(() => value));
        },
        () => undefined,
      );
      return () => {
        current = false;
      };
    }, [module]);
    return module;
  };
}
