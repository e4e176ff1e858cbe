/** tRPC: the profile screen's writes. */
import { changePasswordSchema, idSchema, updateUserSchema } from '@crm/domain';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/init.js';
import { changePassword, updateUser } from './users.service.js';

export const usersRouter = router({
  update: authedProcedure
    .input(z.object({ id: idSchema, data: updateUserSchema }))
    .mutation(({ ctx, input }) => updateUser(ctx, input.id, input.data)),
  changePassword: authedProcedure
    .input(changePasswordSchema)
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx, input);
      return { ok: true };
    }),
});
