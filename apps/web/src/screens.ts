/**
 * The signed-in screens by address, each page its own chunk. The router builds its routes from this
 * table; the entry starts loading the current address's screen as soon as the signed-in shell's chunk
 * is there, while the session is still being checked, rather than after the shell has rendered.
 */
import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';

type ScreenLoad = () => Promise<{ default: ComponentType }>;

const settings: ScreenLoad = () => import('./pages/Settings.page');

export const SCREENS: ReadonlyArray<{ path: string; load: ScreenLoad }> = [
  { path: '/', load: () => import('./pages/Dashboard.page') },
  { path: '/leads', load: () => import('./pages/Leads.page') },
  { path: '/leads/:id', load: () => import('./pages/Lead.page') },
  { path: '/pipeline', load: () => import('./pages/Pipeline.page') },
  { path: '/chat', load: () => import('./pages/Chat.page') },
  { path: '/whatsapp', load: () => import('./pages/WhatsApp.page') },
  { path: '/team', load: () => import('./pages/Team.page') },
  { path: '/user-management', load: () => import('./pages/UserManagement.page') },
  { path: '/role-management', load: () => import('./pages/RoleManagement.page') },
  { path: '/analytics', load: () => import('./pages/Analytics.page') },
  { path: '/profile', load: () => import('./pages/Profile.page') },
  { path: '/profile/tokens', load: () => import('./pages/ApiTokens.page') },
  { path: '/configuracion', load: settings },
  { path: '/configuracion/webhooks', load: settings },
  { path: '/configuracion/whatsapp', load: settings },
  { path: '/configuracion/auditoria', load: settings },
  { path: '/configuracion/campos', load: settings },
  { path: '/formularios', load: () => import('./pages/WebForms.page') },
  { path: '*', load: () => import('./pages/NotFound.page') },
];

/** Starts loading the screen of this address; a failure is left to its lazy screen, which retries when it renders. */
export function preloadScreen(pathname: string): void {
  const screen = SCREENS.find(({ path }) => path !== '*' && matchPath(path, pathname));
  if (screen) void screen.load().catch(() => undefined);
}
