/** Custom fields (docs/custom-fields.md; tRPC `customFields.*`): the definitions everyone reads and the admin writes. */
import {
  createCustomFieldSchema,
  customFieldDefinitionSchema,
  customFieldListQuerySchema,
  idInputSchema,
  idSchema,
  updateCustomFieldSchema,
} from '@crm/domain';
import { z } from 'zod';
import { endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { archiveFieldDefinition, createFieldDefinition, listFieldDefinitions, updateFieldDefinition } from './custom-fields.service.js';

export const customFieldsEndpoints = [
  endpoint({
    name: 'customFields.list',
    summary: 'Los campos personalizados, en su orden',
    description: '`entity`: `lead` o `contact` (todas si falta); `includeArchived=true` incluye los archivados.',
    permission: 'lead.read',
    input: customFieldListQuerySchema.default({ includeArchived: false }),
    output: z.array(customFieldDefinitionSchema),
    rest: { method: 'GET', path: '/api/custom-fields' },
    trpc: 'query',
    handler: ({ ctx, input }) => listFieldDefinitions(ctx, input),
  }),
  endpoint({
    name: 'customFields.create',
    summary: 'Define un campo personalizado (solo administradores)',
    description:
      'Tipos: `text`, `long_text`, `number`, `money`, `date`, `select`, `multi_select`, `checkbox`, `url`, `email`, `phone`. Sin `key`, se deriva del nombre. La clave y el tipo no cambian nunca. 409 si la clave ya existe (también archivada).',
    permission: 'customField.manage',
    audit: true,
    input: createCustomFieldSchema,
    output: customFieldDefinitionSchema,
    rest: { method: 'POST', path: '/api/custom-fields', status: 201 },
    trpc: 'mutation',
    handler: ({ ctx, input }) => createFieldDefinition(ctx, input),
  }),
  endpoint({
    name: 'customFields.update',
    summary: 'Edita un campo: nombre, opciones, obligatorio, posición, archivado',
    description: '`position` (desde 0) lo mueve en el orden; `archived: false` lo recupera con todos sus valores.',
    permission: 'customField.manage',
    audit: true,
    input: z.object({ id: idSchema, data: updateCustomFieldSchema }),
    output: customFieldDefinitionSchema,
    rest: { method: 'PUT', path: '/api/custom-fields/:id', bodyKey: 'data' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => updateFieldDefinition(ctx, input.id, input.data),
  }),
  endpoint({
    name: 'customFields.archive',
    summary: 'Archiva un campo: sus valores se conservan',
    description:
      'No borra nada: el campo sale de formularios, listas y filtros, y cada lead conserva su valor. `PUT` con `{ "archived": false }` lo recupera.',
    permission: 'customField.manage',
    audit: true,
    input: idInputSchema,
    output: customFieldDefinitionSchema,
    rest: { method: 'DELETE', path: '/api/custom-fields/:id' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => archiveFieldDefinition(ctx, input.id),
  }),
] as const;

export const customFieldsRouter = routerOf(customFieldsEndpoints);
