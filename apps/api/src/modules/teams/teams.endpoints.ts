/** Teams (docs/teams.md; tRPC `teams.*`): list, create, rename or hand over. Members are set with PUT /api/users/{id} `teamId`. */
import { createTeamSchema, idSchema, teamSchema, updateTeamSchema } from '@crm/domain';
import { z } from 'zod';
import { NO_INPUT, endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { createTeam, listTeams, updateTeam } from './teams.service.js';

export const teamsEndpoints = [
  endpoint({
    name: 'teams.list',
    summary: 'Los equipos, con su manager y sus miembros activos',
    permission: 'team.read',
    input: NO_INPUT,
    output: z.array(teamSchema),
    rest: { method: 'GET', path: '/api/teams' },
    trpc: 'query',
    handler: ({ ctx }) => listTeams(ctx),
  }),
  endpoint({
    name: 'teams.create',
    summary: 'Crea un equipo dirigido por un manager',
    description:
      "Un administrador, para cualquier manager; un manager, solo el suyo. 409 'Ya existe un equipo con ese nombre' (sin distinguir mayúsculas) o si el manager ya dirige otro.",
    permission: 'team.manage',
    audit: true,
    input: createTeamSchema,
    output: teamSchema,
    rest: { method: 'POST', path: '/api/teams', status: 201 },
    trpc: 'mutation',
    handler: ({ ctx, input }) => createTeam(ctx, input),
  }),
  endpoint({
    name: 'teams.update',
    summary: 'Renombra un equipo o lo pasa a otro manager',
    description:
      'Un manager renombra solo el suyo; pasarlo a otro manager (`managerId`) es de un administrador. 409 si el nombre ya es de otro equipo. El canal del equipo sigue al equipo por su id, nunca por su nombre.',
    permission: 'team.manage',
    audit: true,
    input: z.object({ id: idSchema, data: updateTeamSchema }),
    output: teamSchema,
    rest: { method: 'PUT', path: '/api/teams/:id', bodyKey: 'data' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => updateTeam(ctx, input.id, input.data),
  }),
] as const;

export const teamsRouter = routerOf(teamsEndpoints);
