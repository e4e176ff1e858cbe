/** tRPC: the role management screen. */
import { createCustomRoleSchema, idSchema, updateCustomRoleSchema } from '@crm/domain';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/init.js';
import {
  assignRoleToUser,
  createCustomRole,
  deleteCustomRole,
  listCustomRoles,
  removeRoleFromUser,
  updateCustomRole,
} from './custom-roles.service.js';

const assignmentSchema = z.object({ userId: idSchema, roleId: idSchema });

export const customRolesRouter = router({
  list: authedProcedure.query(({ ctx }) => listCustomRoles(ctx)),
  create: authedProcedure.input(createCustomRoleSchema).mutation(({ ctx, input }) => createCustomRole(ctx, input)),
  update: authedProcedure
    .input(z.object({ id: idSchema, data: updateCustomRoleSchema }))
    .mutation(({ ctx, input }) => updateCustomRole(ctx, input.id, input.data)),
  delete: authedProcedure.input(z.object({ id: idSchema })).mutation(async ({ ctx, input }) => {
    await deleteCustomRole(ctx, input.id);
    return { ok: true };
  }),
  assign: authedProcedure.input(assignmentSchema).mutation(({ ctx, input }) => assignRoleToUser(ctx, input.userId, input.roleId)),
  remove: authedProcedure.input(assignmentSchema).mutation(({ ctx, input }) => removeRoleFromUser(ctx, input.userId, input.roleId)),
});
