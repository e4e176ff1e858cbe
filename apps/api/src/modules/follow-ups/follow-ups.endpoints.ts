/**
 * Follow-ups (docs/rest-api.md; tRPC `followUps.*`; docs/leads.md, 'Seguimientos'): 'Mis
 * seguimientos', the badge (the caller's overdue + today), set, change, delete. The team's list
 * needs `followUp.team`, checked by the service since it depends on the query.
 */
import {
  createFollowUpSchema,
  deletedSchema,
  followUpBadgeSchema,
  followUpListQuerySchema,
  followUpSchema,
  idInputSchema,
  idSchema,
  updateFollowUpSchema,
} from '@crm/domain';
import { z } from 'zod';
import { NO_INPUT, endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { createFollowUp, deleteFollowUp, followUpBadge, listMyFollowUps, updateFollowUp } from './follow-ups.service.js';

export const followUpsEndpoints = [
  endpoint({
    name: 'followUps.list',
    summary: 'Seguimientos propios o del equipo',
    description: '`scope`: `mine` (por defecto) o `team`; `due`: `overdue`, `today`, `upcoming` o `all`; `done`: `true` / `false`.',
    permission: 'lead.read',
    input: followUpListQuerySchema.default({ scope: 'mine', due: 'all' }),
    output: z.array(followUpSchema),
    rest: { method: 'GET', path: '/api/follow-ups' },
    trpc: 'query',
    handler: ({ ctx, input }) => listMyFollowUps(ctx, input),
  }),
  endpoint({
    name: 'followUps.badge',
    summary: 'Cuántos seguimientos propios vencen hoy o ya vencieron',
    permission: 'lead.read',
    input: NO_INPUT,
    output: followUpBadgeSchema,
    rest: { method: 'GET', path: '/api/follow-ups/badge' },
    trpc: 'query',
    handler: ({ ctx }) => followUpBadge(ctx),
  }),
  endpoint({
    name: 'followUps.create',
    summary: 'Programa un seguimiento de un lead',
    description: 'Sin `ownerId`: el asignado del lead, si no su creador, si no quien llama.',
    permission: 'lead.read',
    input: createFollowUpSchema,
    output: followUpSchema,
    rest: { method: 'POST', path: '/api/follow-ups', status: 201 },
    trpc: 'mutation',
    handler: ({ ctx, input }) => createFollowUp(ctx, input),
  }),
  endpoint({
    name: 'followUps.update',
    summary: 'Cambia la fecha o la nota de un seguimiento, o lo marca hecho',
    permission: 'lead.read',
    input: updateFollowUpSchema.extend({ id: idSchema }),
    output: followUpSchema,
    rest: { method: 'PUT', path: '/api/follow-ups/:id' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => updateFollowUp(ctx, input.id, input),
  }),
  endpoint({
    name: 'followUps.delete',
    summary: 'Elimina un seguimiento',
    permission: 'lead.read',
    input: idInputSchema,
    output: deletedSchema,
    rest: { method: 'DELETE', path: '/api/follow-ups/:id' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => deleteFollowUp(ctx, input.id),
  }),
] as const;

export const followUpsRouter = routerOf(followUpsEndpoints);
