/**
 * `GET/POST /api/whatsapp/webhook` (docs/whatsapp.md): Meta's verification handshake, and each
 * notification checked by its X-Hub-Signature-256 (HMAC-SHA256 of the raw body with the app
 * secret, compared in constant time) before it is queued; processing happens on the job queue, so
 * Meta gets its 200 at once.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError, WHATSAPP_MESSAGES } from '@crm/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { defineJob } from '../../jobs/job-definition.js';
import { rawJsonBody } from '../../http/json-body.js';
import { processDelivery } from './inbound.service.js';
import { loadConnection } from './settings.service.js';
import { type WebhookPayload, deliveriesOf, webhookPayloadSchema } from './webhook-payload.js';

export const verifyQuerySchema = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().max(200).optional(),
});

/** Answers `hub.challenge` when the mode is 'subscribe' and the token is ours; anything else is a 403. */
export async function answerHandshake(ctx: AppContext, query: z.infer<typeof verifyQuerySchema>): Promise<string> {
  const connection = await loadConnection(ctx);
  const token = query['hub.verify_token'];
  const expected =
    connection?.verifyToken ?? (await ctx.db.selectFrom('whatsapp_settings').select('verify_token').executeTakeFirst())?.verify_token;
  if (query['hub.mode'] !== 'subscribe' || !token || !expected || !sameText(token, expected) || query['hub.challenge'] === undefined) {
    throw new DomainError('FORBIDDEN', WHATSAPP_MESSAGES.badVerifyToken);
  }
  return query['hub.challenge'];
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The request's signature must be the app secret's HMAC of its raw bytes; otherwise a 401 before anything is read. */
export async function admitSignedDelivery(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const header = request.headers['x-hub-signature-256'];
  const raw = rawJsonBody(request);
  const connection = await loadConnection(ctx);
  if (typeof header !== 'string' || !raw || !connection) throw new DomainError('UNAUTHORIZED', WHATSAPP_MESSAGES.badSignature);
  const expected = `sha256=${createHmac('sha256', connection.appSecret).update(raw).digest('hex')}`;
  if (!sameText(header.trim().toLowerCase(), expected)) throw new DomainError('UNAUTHORIZED', WHATSAPP_MESSAGES.badSignature);
}

export const processWebhookJob = defineJob({
  name: 'whatsapp.process-webhook',
  payload: z.object({ payload: webhookPayloadSchema }),
  // A status can come before our send recorded its wamid: a few quick tries find it.
  settings: { retries: 5, retryDelaySeconds: 2, expireInSeconds: 120 },
  async handler(ctx, { payload }) {
    const connection = await loadConnection(ctx);
    if (!connection) throw new Error('WhatsApp no está configurado: la notificación espera');
    for (const delivery of deliveriesOf(payload)) await processDelivery(ctx, connection, delivery);
  },
});

/** Queued durably (the queue's table) before Meta hears 200: a crash after the answer loses nothing. */
export async function acceptDelivery(ctx: AppContext, payload: WebhookPayload): Promise<{ received: true }> {
  await ctx.jobs.enqueue(processWebhookJob, { payload });
  return { received: true };
}
