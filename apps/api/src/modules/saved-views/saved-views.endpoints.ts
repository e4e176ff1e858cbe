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
    description:
      'Un filtro o un orden por un campo personalizado que ya no existe, está archivado o ya no tiene esa opción no aparece en `filters` (la vista lo conserva y vuelve con el campo).',
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
    description:
      '`filters`: `tab`, `category`, `status`, `groupId`, `assignedTo`, `sort` (también `cf.<clave>`), `tagId`, `q` y `cf` (filtros por campos personalizados), los mismos valores que acepta la lista; un campo personalizado desconocido o un operador que su tipo no admite es un 400.',
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
