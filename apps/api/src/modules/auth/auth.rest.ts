/** The sign-in paths (docs/rest-api.md): POST/GET /api/login, POST /api/logout, GET /api/auth/user. */
import { loginSchema } from '@crm/domain';
import { writeSessionCookie } from '../../http/session-cookie.js';
import { viewerOf } from '../../http/viewer.js';
import { authedRoute, publicRoute } from '../../rest/route.js';
import { login, logout } from './auth.service.js';

export const authRestRoutes = [
  publicRoute({
    method: 'POST',
    url: '/api/login',
    body: loginSchema,
    handler: async ({ ctx, body, request, reply }) => {
      const session = await login(ctx, body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        previousSessionId: (await viewerOf(ctx, request))?.sessionId,
      });
      writeSessionCookie(request, reply, session.token, session.expiresAt);
      return session.user;
    },
  }),
  publicRoute({
    method: 'GET',
    url: '/api/login',
    // The spec's login redirect target: the login screen lives at '/'.
    handler: async ({ reply }) => reply.redirect('/', 302),
  }),
  publicRoute({
    method: 'POST',
    url: '/api/logout',
    handler: async ({ ctx, request, reply }) => {
      const viewer = await viewerOf(ctx, request);
      await logout(ctx, viewer?.sessionId);
      writeSessionCookie(request, reply, null);
      return { message: 'Sesión cerrada' };
    },
  }),
  authedRoute({
    method: 'GET',
    url: '/api/auth/user',
    handler: ({ ctx }) => Promise.resolve(ctx.viewer.user),
  }),
];
