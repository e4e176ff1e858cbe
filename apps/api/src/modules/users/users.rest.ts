/** REST paths of user editing: PUT /api/users/{id}, POST /api/auth/password. */
import { changePasswordSchema, idSchema, updateUserSchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import { changePassword, updateUser } from './users.service.js';

export const usersRestRoutes = [
  authedRoute({
    method: 'PUT',
    url: '/api/users/:id',
    body: updateUserSchema,
    handler: ({ ctx, params, body }) => updateUser(ctx, parseInput(idSchema, params.id), body),
  }),
  authedRoute({
    method: 'POST',
    url: '/api/auth/password',
    body: changePasswordSchema,
    handler: async ({ ctx, body }) => {
      await changePassword(ctx, body);
      return { message: 'Contraseña actualizada' };
    },
  }),
];
