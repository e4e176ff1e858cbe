/**
 * Which page (src/pages/<page>.page.tsx) each signed-in address shows. Plain data: the router builds
 * its routes from it (screens.ts), and the build writes, for each address, the files its first load
 * needs (tools/screen-preloads-plugin.ts), which the server names in index.html.
 */
export const SCREEN_PATHS = [
  { path: '/', page: 'Dashboard' },
  { path: '/leads', page: 'Leads' },
  { path: '/leads/:id', page: 'Lead' },
  { path: '/pipeline', page: 'Pipeline' },
  { path: '/chat', page: 'Chat' },
  { path: '/whatsapp', page: 'WhatsApp' },
  { path: '/team', page: 'Team' },
  { path: '/user-management', page: 'UserManagement' },
  { path: '/role-management', page: 'RoleManagement' },
  { path: '/analytics', page: 'Analytics' },
  { path: '/profile', page: 'Profile' },
  { path: '/profile/tokens', page: 'ApiTokens' },
  { path: '/configuracion', page: 'Settings' },
  { path: '/configuracion/webhooks', page: 'Settings' },
  { path: '/configuracion/whatsapp', page: 'Settings' },
  { path: '/configuracion/auditoria', page: 'Settings' },
  { path: '/configuracion/campos', page: 'Settings' },
  { path: '/formularios', page: 'WebForms' },
  { path: '*', page: 'NotFound' },
] as const;

/** The file of a page, relative to src/. */
export function pageModule(page: string): string {
  return `pages/${page}.page.tsx`;
}
