/**
 * Webhooks (docs/rest-api.md; tRPC `webhooks.*`; docs/webhooks.md), admin only: the endpoints that
 * receive the CRM's signed events, their secrets and the delivery log. GET of one endpoint is REST only.
 */
import {
  createWebhookSchema,
  deletedSchema,
  idInputSchema,
  webhookDeliveriesInputSchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookUpdateInputSchema,
  webhookWithSecretSchema,
} from '@crm/domain';
import { z } from 'zod';
import { NO_INPUT, endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
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

export const webhooksEndpoints = [
  endpoint({
    name: 'webhooks.list',
    summary: 'Los webhooks configurados',
    permission: 'webhook.manage',
    input: NO_INPUT,
    output: z.array(webhookEndpointSchema),
    rest: { method: 'GET', path: '/api/webhooks' },
    trpc: 'query',
    handler: ({ ctx }) => listWebhooks(ctx),
  }),
  endpoint({
    name: 'webhooks.create',
    summary: 'Crea un webhook; responde con su secreto de firma',
    permission: 'webhook.manage',
    audit: true,
    input: createWebhookSchema,
    output: webhookWithSecretSchema,
    rest: { method: 'POST', path: '/api/webhooks', status: 201 },
    trpc: 'mutation',
    handler: ({ ctx, input }) => createWebhook(ctx, input),
  }),
  endpoint({
    name: 'webhooks.get',
    summary: 'Un webhook',
    permission: 'webhook.manage',
    input: idInputSchema,
    output: webhookEndpointSchema,
    rest: { method: 'GET', path: '/api/webhooks/:id' },
    handler: ({ ctx, input }) => getWebhook(ctx, input.id),
  }),
  endpoint({
    name: 'webhooks.update',
    summary: 'Edita, pausa o reanuda un webhook (los campos ausentes se quedan)',
    permission: 'webhook.manage',
    audit: true,
    input: webhookUpdateInputSchema,
    output: webhookEndpointSchema,
    rest: { method: 'PUT', path: '/api/webhooks/:id' },
    trpc: 'mutation',
    handler: ({ ctx, input: { id, ...changes } }) => updateWebhook(ctx, id, changes),
  }),
  endpoint({
    name: 'webhooks.delete',
    summary: 'Elimina un webhook',
    permission: 'webhook.manage',
    audit: true,
    input: idInputSchema,
    output: deletedSchema,
    rest: { method: 'DELETE', path: '/api/webhooks/:id' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => deleteWebhook(ctx, input.id),
  }),
  endpoint({
    name: 'webhooks.rotateSecret',
    summary: 'Cambia el secreto de firma de un webhook; responde con el nuevo',
    permission: 'webhook.manage',
    audit: true,
    input: idInputSchema,
    output: webhookWithSecretSchema,
    rest: { method: 'POST', path: '/api/webhooks/:id/rotate-secret' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => rotateWebhookSecret(ctx, input.id),
  }),
  endpoint({
    name: 'webhooks.deliveries',
    summary: 'Las entregas de un webhook, las más nuevas primero, una página',
    permission: 'webhook.manage',
    input: webhookDeliveriesInputSchema,
    output: webhookDeliveryPageSchema,
    rest: { method: 'GET', path: '/api/webhooks/:id/deliveries' },
    trpc: 'query',
    handler: ({ ctx, input: { id, ...query } }) => listDeliveries(ctx, id, query),
  }),
  endpoint({
    name: 'webhooks.resend',
    summary: 'Vuelve a enviar una entrega',
    permission: 'webhook.manage',
    audit: true,
    input: idInputSchema,
    output: webhookDeliverySchema,
    rest: { method: 'POST', path: '/api/webhooks/deliveries/:id/resend' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => resendDelivery(ctx, input.id),
  }),
] as const;

export const webhooksRouter = routerOf(webhooksEndpoints);
