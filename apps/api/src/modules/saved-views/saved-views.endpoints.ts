/** Saved views (docs/rest-api.md; tRPC `savedViews.*`): the caller's own filters of the Leads screen, by name. */
import { createSavedViewSchema, deletedSchema, idInputSchema, savedViewSchema } from '@crm/domain';
import { z } from 'zod';
import { NO_INPUT, endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { deleteView, mySavedViews, saveView } from './saved-views.service.js';

export const savedViewsEndpoints = [
  endpoint({
    name: 'savedViews.list',
    summary: 'Las vistas guardadas propias',
    permission: 'lead.read',
    input: NO_INPUT,
    output: z.array(savedViewSchema),
    rest: { method: 'GET', path: '/api/saved-views' },
    trpc: 'query',
    handler: ({ ctx }) => mySavedViews(ctx),
  }),
  endpoint({
    name: 'savedViews.create',
    summary: 'Guarda los filtros actuales como una vista con nombre',
    permission: 'lead.read',
    input: createSavedViewSchema,
    output: savedViewSchema,
    rest: { method: 'POST', path: '/api/saved-views', status: 201 },
    trpc: 'mutation',
    handler: ({ ctx, input }) => saveView(ctx, input),
  }),
  endpoint({
    name: 'savedViews.delete',
    summary: 'Elimina una vista guardada propia',
    permission: 'lead.read',
    input: idInputSchema,
    output: deletedSchema,
    rest: { method: 'DELETE', path: '/api/saved-views/:id' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => deleteView(ctx, input.id),
  }),
] as const;

export const savedViewsRouter = routerOf(savedViewsEndpoints);
