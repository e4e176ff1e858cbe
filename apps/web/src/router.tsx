/**
 * The signed-in routes (screens per role: docs/roles-and-permissions.md), from the table in screens.ts;
 * each page is its own chunk, loaded with retries (lib/lazy-screen.tsx).
 */
import { Route, Routes } from 'react-router-dom';
import { SCREENS } from './screens';

export function AppRoutes() {
  return (
    <Routes>
      {SCREENS.map(({ path, Screen }) => (
        <Route key={path} path={path} element={<Screen />} />
      ))}
    </Routes>
  );
}
