/**
 * The sellers the lead dialogs offer (docs/rest-api.md; tRPC `salesTeam.*`): 'Asignar a:',
 * 'Por Usuario', 'Por Especialización'. Every user may own leads (managers and admins sell too),
 * so these are the user list itself.
 */
import { userSchema, userWithRolesSchema } from '@crm/domain';
import { z } from 'zod';
import { NO_INPUT, endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { listUsers, listUsersWithRoles } from '../users/user-queries.service.js';

export const salesTeamEndpoints = [
  endpoint({
    name: 'salesTeam.list',
    summary: 'Usuarios a quienes se puede asignar un lead',
    permission: 'team.read',
    input: NO_INPUT,
    output: z.array(userSchema),
    rest: { method: 'GET', path: '/api/team/sales' },
    trpc: 'query',
    handler: ({ ctx }) => listUsers(ctx),
  }),
  endpoint({
    name: 'salesTeam.withRoles',
    summary: 'Usuarios a quienes se puede asignar un lead, con sus roles personalizados',
    permission: 'team.read',
    input: NO_INPUT,
    output: z.array(userWithRolesSchema),
    rest: { method: 'GET', path: '/api/team/sales-with-roles' },
    trpc: 'query',
    handler: ({ ctx }) => listUsersWithRoles(ctx),
  }),
] as const;

export const salesTeamRouter = routerOf(salesTeamEndpoints);
