/**
 * The signed-in screens by address (screen-paths.ts), each page its own chunk, loaded with retries
 * (lib/lazy-screen.tsx). The router builds its routes from this table; the entry preloads the current
 * address's screen with the signed-in shell, before the first render (App.tsx).
 */
import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { type LazyScreen, lazyScreen } from './lib/lazy-screen';
import { SCREEN_PATHS, pageModule } from './screen-paths';

type PageModule = { default: ComponentType };

const PAGE_LOADS = import.meta.glob<PageModule>('./pages/*.page.tsx');

// One component per page file: the settings' addresses share theirs, so moving between its tabs keeps the screen.
const pageScreens = new Map<string, LazyScreen<PageModule>>();

function screenOf(page: string): LazyScreen<PageModule> {
  let screen = pageScreens.get(page);
  if (!screen) {
    const load = PAGE_LOADS[`./${pageModule(page)}`];
    if (!load) throw new Error(`Falta la página ${pageModule(page)}`);
    screen = lazyScreen(load);
    pageScreens.set(page, screen);
  }
  return screen;
}

export const SCREENS: ReadonlyArray<{ path: string; Screen: LazyScreen<PageModule> }> = SCREEN_PATHS.map(({ path, page }) => ({
  path,
  Screen: screenOf(page),
}));

/** Loads the screen of this address (none for an address of no screen); see LazyScreen.preload. */
export function preloadScreen(pathname: string): Promise<unknown> {
  const screen = SCREENS.find(({ path }) => path !== '*' && matchPath(path, pathname));
  return screen ? screen.Screen.preload() : Promise.resolve();
}
