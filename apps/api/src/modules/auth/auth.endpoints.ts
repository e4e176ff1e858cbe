/**
 * Signing in and out (docs/rest-api.md, 'Auth'; tRPC `auth.*`). Login and logout set and clear
 * the session cookie (`sessionCookie`), so their tRPC calls run over HTTP only. Who am I is two
 * calls: tRPC `auth.me` answers null without a session, REST `GET /api/auth/user` a 401. A user
 * with a second factor signs in in two steps (`auth.login`, then `auth.loginSecondFactor`).
 * The second factor's own calls and the password-reset links are `auth.twoFactor.*` and
 * `auth.passwordReset.*` (two-factor.endpoints.ts, password-reset.endpoints.ts).
 */
import { loginSchema, loginSecondFactorSchema, messageSchema, sessionUserSchema, userSchema } from '@crm/domain';
import { z } from 'zod';
import { NO_INPUT, endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { router } from '../../trpc/init.js';
import { signIn, signInWithSecondFactor, signOut } from './auth.service.js';
import { passwordResetEndpoints } from './password-reset.endpoints.js';
import { sessionUserOf } from './session-user.js';
import { twoFactorEndpoints } from './two-factor.endpoints.js';

export const authEndpoints = [
  endpoint({
    name: 'auth.me',
    summary: 'El usuario con sesión, o null sin ella',
    permission: 'public',
    input: NO_INPUT,
    output: sessionUserSchema.nullable(),
    trpc: 'query',
    handler: ({ ctx }) => Promise.resolve(ctx.viewer ? sessionUserOf(ctx.viewer) : null),
  }),
  endpoint({
    name: 'auth.user',
    summary: 'El usuario con sesión',
    permission: 'authenticated',
    beforeEnrolment: true,
    input: NO_INPUT,
    output: sessionUserSchema,
    rest: { method: 'GET', path: '/api/auth/user' },
    handler: ({ ctx }) => Promise.resolve(sessionUserOf(ctx.viewer)),
  }),
  endpoint({
    name: 'auth.login',
    summary: 'Inicia sesión',
    description:
      'Usuario o email (sin distinguir mayúsculas) y contraseña; pone la cookie `crm_session`. Tras varios intentos fallidos desde la misma dirección o para el mismo usuario, 429 con `Retry-After`.',
    permission: 'public',
    audit: 'attempts',
    input: loginSchema,
    output: userSchema,
    rest: { method: 'POST', path: '/api/login' },
    trpc: 'mutation',
    sessionCookie: true,
    handler: ({ ctx, input, client, setSessionCookie }) =>
      signIn(ctx, input, { ...client, previousSessionId: ctx.viewer?.sessionId }, setSessionCookie),
  }),
  endpoint({
    name: 'auth.loginSecondFactor',
    summary: 'Segundo paso del inicio de sesión: el código',
    description:
      'Con el `challenge` que dio `POST /api/login` a un usuario con segundo factor y un código de la app o de recuperación; pone la cookie. Los códigos erróneos cuentan como contraseñas erróneas.',
    permission: 'public',
    audit: 'attempts',
    input: loginSecondFactorSchema,
    output: userSchema,
    rest: { method: 'POST', path: '/api/login/2fa' },
    trpc: 'mutation',
    sessionCookie: true,
    handler: ({ ctx, input, client, setSessionCookie }) =>
      signInWithSecondFactor(ctx, input, { ...client, previousSessionId: ctx.viewer?.sessionId }, setSessionCookie),
  }),
  endpoint({
    name: 'auth.loginPage',
    summary: 'Lleva a la pantalla de inicio de sesión',
    description: 'Redirige (302) a `/`, donde está la pantalla de inicio de sesión.',
    permission: 'public',
    input: NO_INPUT,
    output: z.undefined(),
    rest: { method: 'GET', path: '/api/login', status: 302, send: (reply) => reply.redirect('/', 302) },
    handler: () => Promise.resolve(undefined),
  }),
  endpoint({
    name: 'auth.logout',
    summary: 'Cierra la sesión',
    description: 'Borra la cookie, también sin sesión.',
    permission: 'public',
    audit: true,
    input: NO_INPUT,
    output: messageSchema,
    rest: { method: 'POST', path: '/api/logout' },
    trpc: 'mutation',
    sessionCookie: true,
    handler: ({ ctx, setSessionCookie }) => signOut(ctx, ctx.viewer?.sessionId, setSessionCookie),
  }),
] as const;

export const authRouter = router({
  ...routerOf(authEndpoints)._def.record,
  twoFactor: routerOf(twoFactorEndpoints),
  passwordReset: routerOf(passwordResetEndpoints),
});
