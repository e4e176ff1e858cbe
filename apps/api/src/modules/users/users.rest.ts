/** REST paths of users: list, counts, create, edit, delete, users with roles, password change. */
import { changePasswordSchema, createUserSchema, idSchema, updateUserSchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import { createUserFromForm } from './user-creation.service.js';
import { deleteUser } from './user-deletion.service.js';
import { listUsers, listUsersWithRoles, roleCounts } from './user-queries.service.js';
import { changePassword, updateUser } from './users.service.js';

export const usersRestRoutes = [
  authedRoute({
    method: 'GET',
    url: '/api/users',
    handler: ({ ctx }) => listUsers(ctx),
  }),
  authedRoute({
    method: 'GET',
    url: '/api/users/role-counts',
    handler: ({ ctx }) => roleCounts(ctx),
  }),
  authedRoute({
    method: 'GET',
    url: '/api/users-with-roles',
    handler: ({ ctx }) => listUsersWithRoles(ctx),
  }),
  authedRoute({
    method: 'POST',
    url: '/api/users',
    body: createUserSchema,
    successStatus: 201,
    handler: ({ ctx, body }) => createUserFromForm(ctx, body),
  }),
  authedRoute({
    method: 'PUT',
    url: '/api/users/:id',
    body: updateUserSchema,
    handler: ({ ctx, params, body }) => updateUser(ctx, parseInput(idSchema, params.id), body),
  }),
  authedRoute({
    method: 'DELETE',
    url: '/api/users/:id',
    handler: async ({ ctx, params }) => {
      await deleteUser(ctx, parseInput(idSchema, params.id));
      return { message: 'Usuario eliminado' };
    },
  }),
  authedRoute({
    method: 'POST',
    url: '/api/auth/password',
    body: changePasswordSchema,
    handler: async ({ ctx, body, request }) => {
      await changePassword(ctx, body, { ip: request.ip });
      return { message: 'Contraseña actualizada' };
    },
  }),
];
