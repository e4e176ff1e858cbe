/** Tags (docs/leads.md, 'Etiquetas'; tRPC `tags.*`): the list, its writes, and a lead's set of tags. */
import {
  createTagSchema,
  deletedSchema,
  idInputSchema,
  idSchema,
  leadListItemSchema,
  setLeadTagsSchema,
  tagSchema,
  tagWithCountSchema,
  updateTagSchema,
} from '@crm/domain';
import { z } from 'zod';
import { NO_INPUT, endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { createTag, editTag, listAllTags, removeTag, setLeadTags } from './tags.service.js';

export const tagsEndpoints = [
  endpoint({
    name: 'tags.list',
    summary: 'Las etiquetas, por nombre, con cuántos leads lleva cada una',
    permission: 'lead.read',
    input: NO_INPUT,
    output: z.array(tagWithCountSchema),
    rest: { method: 'GET', path: '/api/tags' },
    trpc: 'query',
    handler: ({ ctx }) => listAllTags(ctx),
  }),
  endpoint({
    name: 'tags.create',
    summary: 'Crea una etiqueta',
    description:
      "`name` de 1 a 40 caracteres (los espacios de más se quitan), `color` `#rrggbb`. 409 'Ya existe una etiqueta con ese nombre' (sin distinguir mayúsculas).",
    permission: 'tag.manage',
    input: createTagSchema,
    output: tagSchema,
    rest: { method: 'POST', path: '/api/tags', status: 201 },
    trpc: 'mutation',
    handler: ({ ctx, input }) => createTag(ctx, input),
  }),
  endpoint({
    name: 'tags.update',
    summary: 'Renombra o cambia el color de una etiqueta',
    permission: 'tag.manage',
    input: updateTagSchema.extend({ id: idSchema }),
    output: tagSchema,
    rest: { method: 'PUT', path: '/api/tags/:id' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => editTag(ctx, input.id, input),
  }),
  endpoint({
    name: 'tags.delete',
    summary: 'Elimina una etiqueta y la quita de todos sus leads',
    description: 'Cada lead que la llevaba anota el cambio en su historial.',
    permission: 'tag.manage',
    audit: true,
    input: idInputSchema,
    output: deletedSchema,
    rest: { method: 'DELETE', path: '/api/tags/:id' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => removeTag(ctx, input.id),
  }),
  endpoint({
    name: 'tags.setForLead',
    summary: 'Fija las etiquetas de un lead',
    description:
      "`tagIds` es el conjunto completo (reemplaza al anterior; `[]` las quita todas); máximo 20. Quien puede editar el lead (administradores y managers). 400 'La etiqueta no existe'.",
    permission: 'lead.manage',
    input: setLeadTagsSchema.extend({ id: idSchema }),
    output: leadListItemSchema,
    rest: { method: 'PUT', path: '/api/leads/:id/tags' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => setLeadTags(ctx, input.id, input),
  }),
] as const;

export const tagsRouter = routerOf(tagsEndpoints);
