/**
 * REST (admin): GET/POST /api/webhooks, GET/PUT/DELETE /api/webhooks/{id},
 * POST /api/webhooks/{id}/rotate-secret, GET /api/webhooks/{id}/deliveries,
 * POST /api/webhooks/deliveries/{id}/resend (docs/rest-api.md, docs/webhooks.md).
 */
import { createWebhookSchema, idSchema, updateWebhookSchema, webhookDeliveriesQuerySchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  resendDelivery,
  rotateWebhookSecret,
  updateWebhook,
} from './webhooks.service.js';

const idOf = (params: Record<string, string>) => parseInput(idSchema, params.id);

export const webhooksRestRoutes = [
  authedRoute({ method: 'GET', url: '/api/webhooks', handler: ({ ctx }) => listWebhooks(ctx) }),
  authedRoute({
    method: 'POST',
    url: '/api/webhooks',
    body: createWebhookSchema,
    successStatus: 201,
    handler: ({ ctx, body }) => createWebhook(ctx, body),
  }),
  authedRoute({ method: 'GET', url: '/api/webhooks/:id', handler: ({ ctx, params }) => getWebhook(ctx, idOf(params)) }),
  authedRoute({
    method: 'PUT',
    url: '/api/webhooks/:id',
    body: updateWebhookSchema,
    handler: ({ ctx, params, body }) => updateWebhook(ctx, idOf(params), body),
  }),
  authedRoute({ method: 'DELETE', url: '/api/webhooks/:id', handler: ({ ctx, params }) => deleteWebhook(ctx, idOf(params)) }),
  authedRoute({
    method: 'POST',
    url: '/api/webhooks/:id/rotate-secret',
    handler: ({ ctx, params }) => rotateWebhookSecret(ctx, idOf(params)),
  }),
  authedRoute({
    method: 'GET',
    url: '/api/webhooks/:id/deliveries',
    handler: ({ ctx, params, query }) => listDeliveries(ctx, idOf(params), parseInput(webhookDeliveriesQuerySchema, query)),
  }),
  authedRoute({
    method: 'POST',
    url: '/api/webhooks/deliveries/:id/resend',
    handler: ({ ctx, params }) => resendDelivery(ctx, idOf(params)),
  }),
];
