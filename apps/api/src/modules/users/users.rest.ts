/** REST paths of users: list, counts, create, edit, delete, users with roles, password change. */
import { changePasswordSchema, createUserSchema, deleteUserSchema, idSchema, updateUserSchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import { createUserFromForm } from './user-creation.service.js';
import { deleteUser, deletionPreview } from './user-deletion.service.js';
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
    // Optional ?reassignTo={userId}: who receives the user's open leads (unassigned otherwise).
    handler: async ({ ctx, params, query }) => {
      await deleteUser(ctx, parseInput(idSchema, params.id), parseInput(deleteUserSchema, query));
      return { message: 'Usuario eliminado' };
    },
  }),
  authedRoute({
    method: 'GET',
    url: '/api/users/:id/open-leads',
    handler: ({ ctx, params }) => deletionPreview(ctx, parseInput(idSchema, params.id)),
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
