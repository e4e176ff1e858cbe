/**
 * The signed-in routes (screens per role: docs/roles-and-permissions.md), from the table in screens.ts;
 * each page is its own chunk, loaded with retries (lib/lazy-screen.tsx).
 */
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { lazyScreen } from './lib/lazy-screen';
import { SCREENS } from './screens';

// One component per chunk: the settings' addresses share theirs, so moving between its tabs keeps the screen.
const components = new Map<(typeof SCREENS)[number]['load'], ComponentType>();
const ROUTES = SCREENS.map(({ path, load }) => {
  let Screen = components.get(load);
  if (!Screen) {
    Screen = lazyScreen(load);
    components.set(load, Screen);
  }
  return { path, Screen };
});

export function AppRoutes() {
  return (
    <Routes>
      {ROUTES.map(({ path, Screen }) => (
        <Route key={path} path={path} element={<Screen />} />
      ))}
    </Routes>
  );
}
