/** Lead groups (docs/rest-api.md; tRPC `leadGroups.*`): the Grupos tab's list, and deleting a group with its leads. */
import { idInputSchema, leadGroupDeletionSchema, leadGroupSchema } from '@crm/domain';
import { z } from 'zod';
import { NO_INPUT, endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { deleteGroup, listGroups } from './lead-groups.service.js';

export const leadGroupsEndpoints = [
  endpoint({
    name: 'leadGroups.list',
    summary: 'Grupos de leads (de las importaciones), el más nuevo primero',
    permission: 'lead.read',
    input: NO_INPUT,
    output: z.array(leadGroupSchema),
    rest: { method: 'GET', path: '/api/lead-groups' },
    trpc: 'query',
    handler: ({ ctx }) => listGroups(ctx),
  }),
  endpoint({
    name: 'leadGroups.delete',
    summary: 'Elimina un grupo junto con sus leads',
    description: 'El grupo desaparece al momento; sus leads se borran por tandas después de la respuesta.',
    permission: 'lead.manage',
    audit: true,
    input: idInputSchema,
    output: leadGroupDeletionSchema,
    rest: { method: 'DELETE', path: '/api/lead-groups/:id' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => deleteGroup(ctx, input.id),
  }),
] as const;

export const leadGroupsRouter = routerOf(leadGroupsEndpoints);
