/** tRPC: user management and the profile screen's writes. */
import { availabilitySchema, changePasswordSchema, createUserSchema, deleteUserSchema, idSchema, updateUserSchema } from '@crm/domain';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/init.js';
import { setAvailability } from '../distribution/distribution.service.js';
import { createUserFromForm } from './user-creation.service.js';
import { deleteUser, deletionPreview } from './user-deletion.service.js';
import { listUsers, listUsersWithRoles, roleCounts } from './user-queries.service.js';
import { changePassword, updateUser } from './users.service.js';

export const usersRouter = router({
  list: authedProcedure.query(({ ctx }) => listUsers(ctx)),
  roleCounts: authedProcedure.query(({ ctx }) => roleCounts(ctx)),
  withRoles: authedProcedure.query(({ ctx }) => listUsersWithRoles(ctx)),
  create: authedProcedure.input(createUserSchema).mutation(({ ctx, input }) => createUserFromForm(ctx, input)),
  update: authedProcedure
    .input(z.object({ id: idSchema, data: updateUserSchema }))
    .mutation(({ ctx, input }) => updateUser(ctx, input.id, input.data)),
  /** What deleting would hand on: { openLeads } (the confirmation dialog says it). */
  deletionPreview: authedProcedure.input(z.object({ id: idSchema })).query(({ ctx, input }) => deletionPreview(ctx, input.id)),
  /** A deactivation; `reassignTo` receives the open leads, which otherwise become unassigned. */
  delete: authedProcedure.input(z.object({ id: idSchema }).and(deleteUserSchema)).mutation(async ({ ctx, input }) => {
    await deleteUser(ctx, input.id, input);
    return { ok: true };
  }),
  /** 'Disponible para asignación' (oneself, or admin / manager): automatic distribution skips whoever is not. */
  setAvailability: authedProcedure
    .input(z.object({ id: idSchema }).and(availabilitySchema))
    .mutation(({ ctx, input }) => setAvailability(ctx, input.id, input.available)),
  changePassword: authedProcedure.input(changePasswordSchema).mutation(async ({ ctx, input }) => {
    await changePassword(ctx, input, { ip: ctx.clientIp });
    return { ok: true };
  }),
});
