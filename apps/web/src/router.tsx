/**
 * The signed-in routes (screens per role: docs/roles-and-permissions.md; the list is in screens.ts); each
 * page is its own chunk, loaded with retries (lib/lazy-screen.tsx).
 */
import { Route, Routes } from 'react-router-dom';
import { lazyScreen } from './lib/lazy-screen';
import { SCREENS } from './screens';

const ROUTES = SCREENS.map(({ path, load }) => ({ path, Screen: lazyScreen(load) }));

export function AppRoutes() {
  return (
    <Routes>
      {ROUTES.map(({ path, Screen }) => (
        <Route key={path} path={path} element={<Screen />} />
      ))}
    </Routes>
  );
}
