/** tRPC: who am I, sign in, sign out (the last two over HTTP only: they set the cookie). */
import { loginSchema } from '@crm/domain';
import { httpOnlyProcedure, publicProcedure, router } from '../../trpc/init.js';
import { login, logout } from './auth.service.js';

export const authRouter = router({
  me: publicProcedure.query(({ ctx }) => ctx.viewer?.user ?? null),
  login: httpOnlyProcedure.input(loginSchema).mutation(async ({ ctx, input }) => {
    const session = await login(ctx, input, {
      ip: ctx.clientIp,
      userAgent: ctx.userAgent,
      previousSessionId: ctx.viewer?.sessionId,
    });
    ctx.setSessionCookie?.(session.token, session.expiresAt);
    return session.user;
  }),
  logout: httpOnlyProcedure.mutation(async ({ ctx }) => {
    await logout(ctx, ctx.viewer?.sessionId);
    ctx.setSessionCookie?.(null);
    return { ok: true };
  }),
});
