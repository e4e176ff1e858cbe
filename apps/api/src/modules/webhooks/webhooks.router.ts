/**
 * tRPC `webhooks` (admin): list, create → with its secret, update (edit, pause, resume), delete,
 * rotateSecret → with the new secret, deliveries (the log, paged), resend.
 */
import { createWebhookSchema, webhookDeliveriesInputSchema, webhookIdSchema, webhookUpdateInputSchema } from '@crm/domain';
import { authedProcedure, router } from '../../trpc/init.js';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  resendDelivery,
  rotateWebhookSecret,
  updateWebhook,
} from './webhooks.service.js';

export const webhooksRouter = router({
  list: authedProcedure.query(({ ctx }) => listWebhooks(ctx)),
  create: authedProcedure.input(createWebhookSchema).mutation(({ ctx, input }) => createWebhook(ctx, input)),
  update: authedProcedure.input(webhookUpdateInputSchema).mutation(({ ctx, input: { id, ...changes } }) => updateWebhook(ctx, id, changes)),
  delete: authedProcedure.input(webhookIdSchema).mutation(({ ctx, input }) => deleteWebhook(ctx, input.id)),
  rotateSecret: authedProcedure.input(webhookIdSchema).mutation(({ ctx, input }) => rotateWebhookSecret(ctx, input.id)),
  deliveries: authedProcedure
    .input(webhookDeliveriesInputSchema)
    .query(({ ctx, input: { id, ...query } }) => listDeliveries(ctx, id, query)),
  resend: authedProcedure.input(webhookIdSchema).mutation(({ ctx, input }) => resendDelivery(ctx, input.id)),
});
