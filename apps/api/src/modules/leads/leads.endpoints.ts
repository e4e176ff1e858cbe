/**
 * Leads (docs/rest-api.md, 'Leads'; tRPC `leads.*`): the Leads screen's reads and writes and the
 * three downloads. The import (multipart) is its own module; the bulk actions too.
 *
 * GET /api/leads without any parameter is the spec's answer, every lead in one streamed array;
 * with any, one page { items, nextCursor } (newest first unless `sort`), as tRPC `leads.list`.
 * Rules per field and status (who may move a lead where): docs/leads.md, in the service.
 */
import {
  assignLeadSchema,
  createLeadSchema,
  deletedSchema,
  idInputSchema,
  idSchema,
  leadCountsQuerySchema,
  leadCountsSchema,
  leadListItemSchema,
  leadListQuerySchema,
  leadMergeSchema,
  leadPageSchema,
  updateLeadSchema,
} from '@crm/domain';
import { z } from 'zod';
import { downloadSchema, endpoint, sendDownload } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { WORK_COST, runExpensive, searchesLeads } from '../../endpoints/call-policy.js';
import { leadVCard, leadsCsv, leadsXlsx } from './leads-download.service.js';
import { streamAllLeads } from './lead-stream.js';
import {
  assignLead,
  countLeadTabs,
  createLead,
  deleteLead,
  filtersOf,
  getLeadOrThrow,
  listLeadPage,
  markLeadContacted,
  updateLead,
} from './leads.service.js';
import { mergeLeads } from './merge/lead-merge.service.js';

export const leadsEndpoints = [
  endpoint({
    name: 'leads.list',
    summary: 'Lista de leads, una página',
    description:
      'Con algún parámetro, una página `{ items, nextCursor }`; sin ninguno (solo REST), todos los leads en un array. `view`: `leads` (Leads Activos) o `contacted` (Contactados); `assignedTo`: `me`, `none` o un id; `sort`: `<campo>:<asc|desc>`; `limit` 1–500 (50 por defecto); `nextCursor` vuelve como `cursor` con el mismo orden. Campos de `sort`: `name`, `category`, `status`, `assignee`, `createdAt`, `lastContact`, `nextFollowUp` y `cf.<clave>` de un campo personalizado (`createdAt:desc` por defecto; docs/leads.md). `q`: el nombre o el email del lead, o el nombre, el email o un fragmento del teléfono o del WhatsApp de uno de sus contactos. `cf`: filtros por campos personalizados, JSON `{ "<clave>": { "contains" | "eq" | "min"/"max" | "anyOf": … } }` (docs/custom-fields.md).',
    permission: 'lead.read',
    cost: (input) => (searchesLeads(input) ? WORK_COST.search : 0),
    input: leadListQuerySchema.default({}),
    output: leadPageSchema,
    rest: {
      method: 'GET',
      path: '/api/leads',
      intercept: {
        when: 'sin parámetros: todos los leads, un array',
        output: z.array(leadListItemSchema),
        run: async ({ ctx, request, reply }) => {
          if (Object.keys(request.query as object).length > 0) return undefined;
          // Every lead at once costs what an export does: it is one (its pages are read on the heavy pool).
          const stream = await runExpensive(ctx, WORK_COST.export, (heavy) => Promise.resolve(streamAllLeads(heavy)));
          return reply.type('application/json; charset=utf-8').send(stream);
        },
      },
    },
    trpc: 'query',
    handler: ({ ctx, input }) => listLeadPage(ctx, input),
  }),
  endpoint({
    name: 'leads.counts',
    summary: 'Cuántos leads hay en cada pestaña con los filtros actuales',
    permission: 'lead.read',
    cost: (input) => (searchesLeads(input) ? WORK_COST.searchCount : WORK_COST.count),
    input: leadCountsQuerySchema.default({}),
    output: leadCountsSchema,
    rest: { method: 'GET', path: '/api/leads/counts' },
    trpc: 'query',
    handler: ({ ctx, input }) => countLeadTabs(ctx, input),
  }),
  endpoint({
    name: 'leads.exportCsv',
    summary: 'Descarga CSV de la lista filtrada',
    description: "Los mismos parámetros que la lista; separador ';' o ',' según la configuración regional del equipo.",
    permission: 'lead.manage',
    cost: WORK_COST.export,
    audit: true,
    input: leadListQuerySchema,
    output: downloadSchema,
    rest: { method: 'GET', path: '/api/leads/export', produces: 'text/csv', send: sendDownload },
    handler: async ({ ctx, input }) => leadsCsv(ctx, await filtersOf(ctx, input)),
  }),
  endpoint({
    name: 'leads.exportXlsx',
    summary: 'Descarga Excel (.xlsx) de la lista filtrada',
    description: 'Los mismos parámetros que la lista; celdas con tipo; 400 con más de 100.000 leads.',
    permission: 'lead.manage',
    cost: WORK_COST.export,
    audit: true,
    input: leadListQuerySchema,
    output: downloadSchema,
    rest: {
      method: 'GET',
      path: '/api/leads/export/xlsx',
      produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      send: sendDownload,
    },
    handler: async ({ ctx, input }) => leadsXlsx(ctx, await filtersOf(ctx, input)),
  }),
  endpoint({
    name: 'leads.byId',
    summary: 'Un lead',
    permission: 'lead.read',
    input: idInputSchema,
    output: leadListItemSchema,
    rest: { method: 'GET', path: '/api/leads/:id' },
    trpc: 'query',
    handler: ({ ctx, input }) => getLeadOrThrow(ctx, input.id),
  }),
  endpoint({
    name: 'leads.vcard',
    summary: 'Descarga la ficha de contacto (vCard) de un lead',
    permission: 'lead.read',
    input: idInputSchema,
    output: downloadSchema,
    rest: { method: 'GET', path: '/api/leads/:id/vcard', produces: 'text/vcard', send: sendDownload },
    handler: ({ ctx, input }) => leadVCard(ctx, input.id),
  }),
  endpoint({
    name: 'leads.create',
    summary: 'Crea un lead',
    description:
      "Un email o un teléfono, al menos uno; el teléfono, en E.164 si se reconoce. `autoAssignRoleId`: el reparto de esa especialización elige a quién se asigna. 409 `{ message, existingLead: { id, name } }` si el email o el teléfono ya son de otro lead; 409 'Esta especialización no tiene reparto automático', 'No hay nadie disponible en esta especialización'.",
    permission: 'lead.manage',
    input: createLeadSchema,
    output: leadListItemSchema,
    rest: { method: 'POST', path: '/api/leads', status: 201 },
    trpc: 'mutation',
    handler: ({ ctx, input }) => createLead(ctx, input),
  }),
  endpoint({
    name: 'leads.update',
    summary: 'Edita un lead',
    description:
      'Administradores y managers, cualquier campo; los demás, solo el estado que las reglas de estado permiten. `contactedBy` y `contactedAt` se aceptan y se ignoran. 400 si dejaría el lead sin email ni teléfono, o sin descripción; 409 duplicado, como al crear.',
    permission: 'lead.read',
    input: z.object({ id: idSchema, data: updateLeadSchema }),
    output: leadListItemSchema,
    rest: { method: 'PUT', path: '/api/leads/:id', bodyKey: 'data' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => updateLead(ctx, input.id, input.data),
  }),
  endpoint({
    name: 'leads.assign',
    summary: 'Asigna un lead a alguien, o a nadie (null)',
    permission: 'lead.manage',
    audit: true,
    input: assignLeadSchema.extend({ id: idSchema }),
    output: leadListItemSchema,
    rest: { method: 'PUT', path: '/api/leads/:id/assign' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => assignLead(ctx, input.id, input),
  }),
  endpoint({
    name: 'leads.delete',
    summary: 'Elimina un lead con sus notas, seguimientos e historial',
    permission: 'lead.delete',
    audit: true,
    input: idInputSchema,
    output: deletedSchema,
    rest: { method: 'DELETE', path: '/api/leads/:id' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => deleteLead(ctx, input.id),
  }),
  endpoint({
    name: 'leads.markContacted',
    summary: 'Marca un lead como contactado por quien llama, ahora',
    description: 'Por REST es `PUT /api/leads/{id}` con `{ "status": "contactado" }`.',
    permission: 'lead.read',
    input: idInputSchema,
    output: leadListItemSchema,
    trpc: 'mutation',
    handler: ({ ctx, input }) => markLeadContacted(ctx, input.id),
  }),
  endpoint({
    name: 'leads.merge',
    summary: 'Fusiona otro lead en este',
    description:
      'El lead `otherId` se absorbe en el de la ruta, que toma su valor en cada campo marcado `"other"`; sus datos relacionados pasan al superviviente.',
    permission: 'lead.manage',
    audit: true,
    input: leadMergeSchema.extend({ id: idSchema }),
    output: leadListItemSchema,
    rest: { method: 'POST', path: '/api/leads/:id/merge' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => mergeLeads(ctx, input.id, input),
  }),
] as const;

export const leadsRouter = routerOf(leadsEndpoints);
