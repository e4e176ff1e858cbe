/** REST paths of leads (docs/rest-api.md): list, create, edit / mark contacted, assign, counts and the two downloads. */
import { assignLeadSchema, createLeadSchema, idSchema, leadCountsQuerySchema, leadListQuerySchema, updateLeadSchema } from '@crm/domain';
import type { FastifyReply } from 'fastify';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import { type Download, leadVCard, leadsCsv, leadsXlsx } from './leads-download.service.js';
import { streamAllLeads } from './lead-stream.js';
import { assignLead, countLeadTabs, createLead, deleteLead, filtersOf, getLeadOrThrow, listLeadPage, updateLead } from './leads.service.js';

function sendDownload(reply: FastifyReply, download: Download): FastifyReply {
  return reply
    .header('content-type', download.contentType)
    .header('content-disposition', `attachment; filename="${download.fileName}"`)
    .header('cache-control', 'no-store')
    .send(download.body);
}

export const leadsRestRoutes = [
  authedRoute({
    method: 'GET',
    url: '/api/leads',
    // Without parameters the spec's answer (every lead, an array, streamed); with any, one page { items, nextCursor }.
    handler: async ({ ctx, query, reply }) =>
      Object.keys(query).length === 0
        ? reply.type('application/json; charset=utf-8').send(streamAllLeads(ctx))
        : listLeadPage(ctx, parseInput(leadListQuerySchema, query)),
  }),
  authedRoute({
    method: 'GET',
    url: '/api/leads/counts',
    handler: ({ ctx, query }) => countLeadTabs(ctx, parseInput(leadCountsQuerySchema, query)),
  }),
  authedRoute({
    method: 'GET',
    url: '/api/leads/export',
    handler: async ({ ctx, query, reply }) =>
      sendDownload(reply, await leadsCsv(ctx, filtersOf(ctx, parseInput(leadListQuerySchema, query)))),
  }),
  authedRoute({
    method: 'GET',
    url: '/api/leads/export/xlsx',
    handler: async ({ ctx, query, reply }) =>
      sendDownload(reply, await leadsXlsx(ctx, filtersOf(ctx, parseInput(leadListQuerySchema, query)))),
  }),
  authedRoute({
    method: 'GET',
    url: '/api/leads/:id',
    handler: ({ ctx, params }) => getLeadOrThrow(ctx, parseInput(idSchema, params.id)),
  }),
  authedRoute({
    method: 'GET',
    url: '/api/leads/:id/vcard',
    handler: async ({ ctx, params, reply }) => sendDownload(reply, await leadVCard(ctx, parseInput(idSchema, params.id))),
  }),
  authedRoute({
    method: 'POST',
    url: '/api/leads',
    body: createLeadSchema,
    successStatus: 201,
    handler: ({ ctx, body }) => createLead(ctx, body),
  }),
  authedRoute({
    method: 'PUT',
    url: '/api/leads/:id',
    body: updateLeadSchema,
    handler: ({ ctx, params, body }) => updateLead(ctx, parseInput(idSchema, params.id), body),
  }),
  authedRoute({
    method: 'PUT',
    url: '/api/leads/:id/assign',
    body: assignLeadSchema,
    handler: ({ ctx, params, body }) => assignLead(ctx, parseInput(idSchema, params.id), body),
  }),
  authedRoute({
    method: 'DELETE',
    url: '/api/leads/:id',
    handler: ({ ctx, params }) => deleteLead(ctx, parseInput(idSchema, params.id)),
  }),
];
