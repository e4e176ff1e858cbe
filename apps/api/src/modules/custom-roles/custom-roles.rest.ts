/** REST paths of custom roles and their assignment: /api/custom-roles, /api/users/{userId}/roles/{roleId}. */
import { createCustomRoleSchema, idSchema, updateCustomRoleSchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import {
  assignRoleToUser,
  createCustomRole,
  deleteCustomRole,
  listCustomRoles,
  removeRoleFromUser,
  updateCustomRole,
} from './custom-roles.service.js';

export const customRolesRestRoutes = [
  authedRoute({
    method: 'GET',
    url: '/api/custom-roles',
    handler: ({ ctx }) => listCustomRoles(ctx),
  }),
  authedRoute({
    method: 'POST',
    url: '/api/custom-roles',
    body: createCustomRoleSchema,
    successStatus: 201,
    handler: ({ ctx, body }) => createCustomRole(ctx, body),
  }),
  authedRoute({
    method: 'PUT',
    url: '/api/custom-roles/:id',
    body: updateCustomRoleSchema,
    handler: ({ ctx, params, body }) => updateCustomRole(ctx, parseInput(idSchema, params.id), body),
  }),
  authedRoute({
    method: 'DELETE',
    url: '/api/custom-roles/:id',
    handler: async ({ ctx, params }) => {
      await deleteCustomRole(ctx, parseInput(idSchema, params.id));
      return { message: 'Rol eliminado' };
    },
  }),
  authedRoute({
    method: 'POST',
    url: '/api/users/:userId/roles/:roleId',
    handler: async ({ ctx, params }) => assignRoleToUser(ctx, parseInput(idSchema, params.userId), parseInput(idSchema, params.roleId)),
  }),
  authedRoute({
    method: 'DELETE',
    url: '/api/users/:userId/roles/:roleId',
    handler: async ({ ctx, params }) => removeRoleFromUser(ctx, parseInput(idSchema, params.userId), parseInput(idSchema, params.roleId)),
  }),
];
