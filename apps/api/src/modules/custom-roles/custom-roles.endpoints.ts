/**
 * Custom roles (docs/rest-api.md, 'Roles'; tRPC `customRoles.*`): the specialization roles and
 * their assignment to users ('Gestión de Roles'). Everyone reads them; admins and managers manage
 * them (docs/roles-and-permissions.md).
 */
import {
  createCustomRoleSchema,
  customRoleSchema,
  idInputSchema,
  idSchema,
  messageSchema,
  updateCustomRoleSchema,
  userCustomRoleSchema,
} from '@crm/domain';
import { z } from 'zod';
import { NO_INPUT, endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import {
  assignRoleToUser,
  createCustomRole,
  deleteCustomRole,
  listCustomRoles,
  removeRoleFromUser,
  updateCustomRole,
} from './custom-roles.service.js';

const assignmentSchema = z.object({ userId: idSchema, roleId: idSchema });

export const customRolesEndpoints = [
  endpoint({
    name: 'customRoles.list',
    summary: 'Roles personalizados (especializaciones)',
    permission: 'team.read',
    input: NO_INPUT,
    output: z.array(customRoleSchema),
    rest: { method: 'GET', path: '/api/custom-roles' },
    trpc: 'query',
    handler: ({ ctx }) => listCustomRoles(ctx),
  }),
  endpoint({
    name: 'customRoles.create',
    summary: 'Crea un rol personalizado',
    description: 'El identificador (`name`) es único y no cambia; sin color, el predeterminado.',
    permission: 'customRole.manage',
    audit: true,
    input: createCustomRoleSchema,
    output: customRoleSchema,
    rest: { method: 'POST', path: '/api/custom-roles', status: 201 },
    trpc: 'mutation',
    handler: ({ ctx, input }) => createCustomRole(ctx, input),
  }),
  endpoint({
    name: 'customRoles.update',
    summary: 'Edita un rol personalizado',
    description: 'Los campos ausentes se quedan; el identificador no se cambia.',
    permission: 'customRole.manage',
    audit: true,
    input: z.object({ id: idSchema, data: updateCustomRoleSchema }),
    output: customRoleSchema,
    rest: { method: 'PUT', path: '/api/custom-roles/:id', bodyKey: 'data' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => updateCustomRole(ctx, input.id, input.data),
  }),
  endpoint({
    name: 'customRoles.delete',
    summary: 'Elimina un rol personalizado',
    description: 'Se quita a los usuarios que lo tienen y los grupos asignados a él quedan sin rol.',
    permission: 'customRole.manage',
    audit: true,
    input: idInputSchema,
    output: messageSchema,
    rest: { method: 'DELETE', path: '/api/custom-roles/:id' },
    trpc: 'mutation',
    handler: async ({ ctx, input }) => {
      await deleteCustomRole(ctx, input.id);
      return { message: 'Rol eliminado' };
    },
  }),
  endpoint({
    name: 'customRoles.assign',
    summary: 'Asigna un rol personalizado a un usuario; responde sus roles',
    description: 'Asignar un rol que el usuario ya tiene no cambia nada.',
    permission: 'customRole.manage',
    audit: true,
    input: assignmentSchema,
    output: z.array(userCustomRoleSchema),
    rest: { method: 'POST', path: '/api/users/:userId/roles/:roleId' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => assignRoleToUser(ctx, input.userId, input.roleId),
  }),
  endpoint({
    name: 'customRoles.remove',
    summary: 'Quita un rol personalizado a un usuario; responde sus roles',
    permission: 'customRole.manage',
    audit: true,
    input: assignmentSchema,
    output: z.array(userCustomRoleSchema),
    rest: { method: 'DELETE', path: '/api/users/:userId/roles/:roleId' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => removeRoleFromUser(ctx, input.userId, input.roleId),
  }),
] as const;

export const customRolesRouter = routerOf(customRolesEndpoints);
