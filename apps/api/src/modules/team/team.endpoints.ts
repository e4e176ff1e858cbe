/** The Team screen (docs/rest-api.md, 'Team'; tRPC `team.*`): the members with their figures, and 'Agregar Miembro'. */
import { addMemberSchema, teamMemberSchema, userSchema } from '@crm/domain';
import { z } from 'zod';
import { NO_INPUT, endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { addTeamMember, listTeam } from './team.service.js';

export const teamEndpoints = [
  endpoint({
    name: 'team.list',
    summary: 'El equipo: usuarios con sus leads asignados, convertidos y conexión',
    permission: 'team.read',
    input: NO_INPUT,
    output: z.array(teamMemberSchema),
    rest: { method: 'GET', path: '/api/team' },
    trpc: 'query',
    handler: ({ ctx }) => listTeam(ctx),
  }),
  endpoint({
    name: 'team.addMember',
    summary: 'Agrega un miembro al equipo (crea su usuario)',
    description: 'Las mismas reglas que crear un usuario; el nombre completo se parte en el primer espacio.',
    permission: 'user.create',
    audit: true,
    input: addMemberSchema,
    output: userSchema,
    rest: { method: 'POST', path: '/api/team/members', status: 201 },
    trpc: 'mutation',
    handler: ({ ctx, input }) => addTeamMember(ctx, input),
  }),
] as const;

export const teamRouter = routerOf(teamEndpoints);
