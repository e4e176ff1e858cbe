/**
 * Users (docs/rest-api.md, 'Users'; tRPC `users.*`): user management, availability and the
 * password change. Who may edit or delete whom depends on both roles: the gate lets through
 * whoever may do it to someone, the service checks the user in question
 * (docs/roles-and-permissions.md).
 */
import {
  availabilitySchema,
  changePasswordSchema,
  createUserSchema,
  deleteUserSchema,
  deletionPreviewSchema,
  idInputSchema,
  idSchema,
  messageSchema,
  updateUserSchema,
  userRoleCountsSchema,
  userSchema,
  userWithRolesSchema,
} from '@crm/domain';
import { z } from 'zod';
import { NO_INPUT, endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { setAvailability } from '../distribution/distribution.service.js';
import { createUserFromForm } from './user-creation.service.js';
import { deleteUser, deletionPreview } from './user-deletion.service.js';
import { listUsers, listUsersWithRoles, roleCounts } from './user-queries.service.js';
import { changePassword, updateUser } from './users.service.js';

export const usersEndpoints = [
  endpoint({
    name: 'users.list',
    summary: 'Usuarios activos',
    permission: 'team.read',
    input: NO_INPUT,
    output: z.array(userSchema),
    rest: { method: 'GET', path: '/api/users' },
    trpc: 'query',
    handler: ({ ctx }) => listUsers(ctx),
  }),
  endpoint({
    name: 'users.roleCounts',
    summary: 'Cuántos usuarios tienen cada rol del sistema',
    permission: 'team.read',
    input: NO_INPUT,
    output: userRoleCountsSchema,
    rest: { method: 'GET', path: '/api/users/role-counts' },
    trpc: 'query',
    handler: ({ ctx }) => roleCounts(ctx),
  }),
  endpoint({
    name: 'users.withRoles',
    summary: 'Usuarios activos con sus roles personalizados',
    permission: 'team.read',
    input: NO_INPUT,
    output: z.array(userWithRolesSchema),
    rest: { method: 'GET', path: '/api/users-with-roles' },
    trpc: 'query',
    handler: ({ ctx }) => listUsersWithRoles(ctx),
  }),
  endpoint({
    name: 'users.create',
    summary: 'Crea un usuario',
    description:
      "Un administrador, de cualquier rol; un manager, solo vendedores. El nombre de usuario se genera. `systemRole`: `team_member` por defecto (`vendedor` también vale); `teamName`, obligatorio para un manager. 409 'Ya existe un usuario con ese email'.",
    permission: 'user.create',
    audit: true,
    input: createUserSchema,
    output: userSchema,
    rest: { method: 'POST', path: '/api/users', status: 201 },
    trpc: 'mutation',
    handler: ({ ctx, input }) => createUserFromForm(ctx, input),
  }),
  endpoint({
    name: 'users.update',
    summary: 'Edita un usuario',
    description:
      "Los campos ausentes se quedan; `''` o `null` vacían los opcionales. Qué campos puede cambiar cada rol: docs/roles-and-permissions.md. 409 si el email ya es de otro, o al degradar al último administrador.",
    permission: 'user.editProfile',
    audit: true,
    input: z.object({ id: idSchema, data: updateUserSchema }),
    output: userSchema,
    rest: { method: 'PUT', path: '/api/users/:id', bodyKey: 'data' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => updateUser(ctx, input.id, input.data),
  }),
  endpoint({
    name: 'users.deletionPreview',
    summary: 'Cuántos leads abiertos tiene asignados el usuario (antes de eliminarlo)',
    permission: 'user.delete',
    input: idInputSchema,
    output: deletionPreviewSchema,
    rest: { method: 'GET', path: '/api/users/:id/open-leads' },
    trpc: 'query',
    handler: ({ ctx, input }) => deletionPreview(ctx, input.id),
  }),
  endpoint({
    name: 'users.delete',
    summary: 'Elimina (desactiva) un usuario',
    description:
      '`reassignTo`: el compañero activo que recibe sus leads abiertos; sin él quedan sin asignar (400 si es el propio usuario o uno desconocido o desactivado). Es una desactivación (docs/roles-and-permissions.md). 409 con el último administrador.',
    permission: 'user.delete',
    audit: true,
    input: deleteUserSchema.extend({ id: idSchema }),
    output: messageSchema,
    rest: { method: 'DELETE', path: '/api/users/:id' },
    trpc: 'mutation',
    handler: async ({ ctx, input }) => {
      await deleteUser(ctx, input.id, input);
      return { message: 'Usuario eliminado' };
    },
  }),
  endpoint({
    name: 'users.setAvailability',
    summary: 'Disponible para asignación (o no): el reparto automático salta a quien no lo está',
    permission: 'user.setAvailability',
    input: availabilitySchema.extend({ id: idSchema }),
    output: userSchema,
    rest: { method: 'PUT', path: '/api/users/:id/availability' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => setAvailability(ctx, input.id, input.available),
  }),
  endpoint({
    name: 'users.changePassword',
    summary: 'Cambia la contraseña propia y cierra las demás sesiones',
    description:
      "La nueva, de al menos 6 caracteres. 400 'La contraseña actual no es correcta'; cuenta en los límites del inicio de sesión.",
    permission: 'authenticated',
    audit: true,
    input: changePasswordSchema,
    output: messageSchema,
    rest: { method: 'POST', path: '/api/auth/password' },
    trpc: 'mutation',
    handler: async ({ ctx, input, client }) => {
      await changePassword(ctx, input, { ip: client.ip });
      return { message: 'Contraseña actualizada' };
    },
  }),
] as const;

export const usersRouter = routerOf(usersEndpoints);
