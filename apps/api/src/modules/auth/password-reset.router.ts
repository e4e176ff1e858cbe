/** tRPC `auth.passwordReset`: an admin's one-time link, and the public page that spends it. */
import { DomainError, idSchema, passwordResetSchema, passwordResetTokenSchema } from '@crm/domain';
import { z } from 'zod';
import { authedProcedure, publicProcedure, router } from '../../trpc/init.js';
import { linkOrigin } from './link-origin.js';
import { createPasswordResetLink, inspectPasswordResetLink, resetPasswordByLink } from './password-reset.service.js';

export const passwordResetRouter = router({
  createLink: authedProcedure.input(z.object({ userId: idSchema })).mutation(({ ctx, input }) => {
    // The link starts with the origin the request came to, which only an HTTP request names.
    if (!ctx.requestHost) throw new DomainError('BAD_REQUEST', 'Crea el enlace por HTTP, no por la conexión en vivo');
    return createPasswordResetLink(ctx, input.userId, { ip: ctx.clientIp, origin: linkOrigin(ctx.env, ctx.requestHost) });
  }),
  // Mutations, so the token travels in a body rather than a URL a log keeps.
  inspect: publicProcedure.input(passwordResetTokenSchema).mutation(({ ctx, input }) => inspectPasswordResetLink(ctx, input.token)),
  complete: publicProcedure.input(passwordResetSchema).mutation(async ({ ctx, input }) => {
    await resetPasswordByLink(ctx, input, { ip: ctx.clientIp });
    return { ok: true };
  }),
});
