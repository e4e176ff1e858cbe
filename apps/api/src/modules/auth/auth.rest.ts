/** The sign-in paths (docs/rest-api.md): POST/GET /api/login, POST /api/login/2fa, POST /api/logout, GET /api/auth/user. */
import { loginSchema, loginSecondFactorSchema } from '@crm/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { writeSessionCookie } from '../../http/session-cookie.js';
import { viewerOf } from '../../http/viewer.js';
import type { AppContext } from '../../context.js';
import { authedRoute, publicRoute } from '../../rest/route.js';
import { type ClientInfo, login, loginWithSecondFactor, logout, type SignedIn } from './auth.service.js';
import { passwordResetRestRoutes } from './password-reset.rest.js';
import { sessionUserOf } from './session-user.js';
import { twoFactorRestRoutes } from './two-factor.rest.js';

async function clientOf(ctx: AppContext, request: FastifyRequest): Promise<ClientInfo> {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    previousSessionId: (await viewerOf(ctx, request))?.sessionId,
  };
}

function signIn(request: FastifyRequest, reply: FastifyReply, session: SignedIn) {
  writeSessionCookie(request, reply, session.token, session.expiresAt);
  return session.user;
}

export const authRestRoutes = [
  publicRoute({
    method: 'POST',
    url: '/api/login',
    body: loginSchema,
    handler: async ({ ctx, body, request, reply }) => signIn(request, reply, await login(ctx, body, await clientOf(ctx, request))),
  }),
  publicRoute({
    method: 'POST',
    url: '/api/login/2fa',
    body: loginSecondFactorSchema,
    handler: async ({ ctx, body, request, reply }) =>
      signIn(request, reply, await loginWithSecondFactor(ctx, body, await clientOf(ctx, request))),
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
    beforeEnrolment: true,
    handler: ({ ctx }) => Promise.resolve(sessionUserOf(ctx.viewer)),
  }),
  ...twoFactorRestRoutes,
  ...passwordResetRestRoutes,
];
