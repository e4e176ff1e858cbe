/**
 * Each signed-in route and the loader of its screen's chunk: router.tsx renders them, and App.tsx starts
 * the current route's download beside the signed-in shell's instead of after it.
 */
import { matchPath } from 'react-router-dom';

export const SCREENS = [
  { path: '/', load: () => import('./pages/Dashboard.page') },
  { path: '/leads', load: () => import('./pages/Leads.page') },
  { path: '/leads/:id', load: () => import('./pages/Lead.page') },
  { path: '/pipeline', load: () => import('./pages/Pipeline.page') },
  { path: '/chat', load: () => import('./pages/Chat.page') },
  { path: '/team', load: () => import('./pages/Team.page') },
  { path: '/user-management', load: () => import('./pages/UserManagement.page') },
  { path: '/role-management', load: () => import('./pages/RoleManagement.page') },
  { path: '/analytics', load: () => import('./pages/Analytics.page') },
  { path: '/profile', load: () => import('./pages/Profile.page') },
  { path: '/configuracion', load: () => import('./pages/Settings.page') },
  { path: '*', load: () => import('./pages/NotFound.page') },
];

/** A failure is left to the screen's lazy component, which retries when it renders. */
export function preloadScreen(pathname: string): void {
  const screen = SCREENS.find(({ path }) => matchPath(path, pathname) !== null);
  screen?.load().catch(() => undefined);
}
