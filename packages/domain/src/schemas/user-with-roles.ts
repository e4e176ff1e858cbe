/** A user with the custom roles assigned to them ('Usuarios y sus Roles', assignment by specialization). */
import { z } from 'zod';
import { userSchema } from './user.js';

export const userCustomRoleSchema = z.object({
  /** The assignment's own id. */
  id: z.number(),
  roleId: z.number(),
  role: z.object({
    name: z.string(),
    displayName: z.string(),
    color: z.string(),
  }),
});
export type UserCustomRole = z.infer<typeof userCustomRoleSchema>;

export const userWithRolesSchema = userSchema.extend({
  customRoles: z.array(userCustomRoleSchema),
});
export type UserWithRoles = z.infer<typeof userWithRolesSchema>;
