/** tRPC: who am I, sign in (password, then a code when there is a second factor), sign out, 2FA and reset links. */
import { loginSchema, loginSecondFactorSchema } from '@crm/domain';
import { httpOnlyProcedure, publicProcedure, router } from '../../trpc/init.js';
import type { TrpcContext } from '../../trpc/init.js';
import { type ClientInfo, login, loginWithSecondFactor, logout, type SignedIn } from './auth.service.js';
import { passwordResetRouter } from './password-reset.router.js';
import { sessionUserOf } from './session-user.js';
import { twoFactorRouter } from './two-factor.router.js';

function clientOf(ctx: TrpcContext): ClientInfo {
  return { ip: ctx.clientIp, userAgent: ctx.userAgent, previousSessionId: ctx.viewer?.sessionId };
}

function signIn(ctx: TrpcContext, session: SignedIn) {
  ctx.setSessionCookie?.(session.token, session.expiresAt);
  return session.user;
}

export const authRouter = router({
  me: publicProcedure.query(({ ctx }) => (ctx.viewer ? sessionUserOf(ctx.viewer) : null)),
  login: httpOnlyProcedure.input(loginSchema).mutation(async ({ ctx, input }) => signIn(ctx, await login(ctx, input, clientOf(ctx)))),
  loginSecondFactor: httpOnlyProcedure
    .input(loginSecondFactorSchema)
    .mutation(async ({ ctx, input }) => signIn(ctx, await loginWithSecondFactor(ctx, input, clientOf(ctx)))),
  logout: httpOnlyProcedure.mutation(async ({ ctx }) => {
    await logout(ctx, ctx.viewer?.sessionId);
    ctx.setSessionCookie?.(null);
    return { ok: true };
  }),
  twoFactor: twoFactorRouter,
  passwordReset: passwordResetRouter,
});
