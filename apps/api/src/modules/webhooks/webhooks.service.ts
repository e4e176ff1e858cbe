/**
 * 'Configuración → Webhooks' (admin; docs/webhooks.md): endpoints with the events they receive,
 * their signing secret (shown on creation and rotation only), pause and resume, the delivery log
 * and 'Reenviar'.
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import {
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  countWebhookEndpoints,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  insertWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  lockWebhookEndpoints,
  makePendingDeliveriesDue,
  resendWebhookDelivery,
  updateWebhookEndpoint,
} from '@crm/db';
import {
  type CreateWebhook,
  DomainError,
  type UpdateWebhook,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookDeliveriesQuery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookWithSecret,
} from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { hostOf, isForbiddenAddress } from './webhook-address.js';
import { deliverWebhooksJob } from './webhooks.jobs.js';

/** After a rotation the old secret keeps signing (a second signature) this long, so receivers switch without a gap. */
const PREVIOUS_SECRET_HOURS = 24;

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    paused: row.paused,
    pausedReason: row.paused_reason,
    failingSince: row.failing_since,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type as WebhookEventType,
    leadId: row.lead_id,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    durationMs: row.duration_ms,
    createdAt: row.created_at,
    lastAttemptAt: row.last_attempt_at,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    deliveredAt: row.delivered_at,
  };
}

export async function listWebhooks(ctx: ServiceContext): Promise<WebhookEndpoint[]> {
  requirePermission(ctx, 'webhook.manage');
  return (await listWebhookEndpoints(ctx.db)).map(toEndpoint);
}

export async function getWebhook(ctx: ServiceContext, id: number): Promise<WebhookEndpoint> {
  requirePermission(ctx, 'webhook.manage');
  return toEndpoint(await endpointOrThrow(ctx, id));
}

async function endpointOrThrow(ctx: ServiceContext, id: number): Promise<WebhookEndpointRow> {
  const row = await findWebhookEndpoint(ctx.db, id);
  if (!row) throw new DomainError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
  return row;
}

/** An address written in the URL is refused at once; a name is checked at each send, after DNS (webhook-address.ts). */
function assertAllowedUrl(ctx: ServiceContext, url: string | undefined): void {
  if (url === undefined || ctx.env.WEBHOOK_ALLOW_PRIVATE) return;
  const host = hostOf(new URL(url));
  if (isIP(host) !== 0 && isForbiddenAddress(host)) throw new DomainError('BAD_REQUEST', WEBHOOK_MESSAGES.privateAddress);
}

export async function createWebhook(ctx: ServiceContext, input: CreateWebhook): Promise<WebhookWithSecret> {
  requirePermission(ctx, 'webhook.manage');
  assertAllowedUrl(ctx, input.url);
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockWebhookEndpoints(trx);
    if ((await countWebhookEndpoints(trx)) >= WEBHOOK_LIMITS.endpoints) throw new DomainError('CONFLICT', WEBHOOK_MESSAGES.tooMany);
    return insertWebhookEndpoint(trx, { ...input, secret: newSecret(), createdBy: ctx.viewer.user.id });
  });
  return { ...toEndpoint(row), secret: row.secret };
}

/** Edits; `paused: false` resumes, clears the failure clock and sends what waited meanwhile. */
export async function updateWebhook(ctx: ServiceContext, id: number, input: UpdateWebhook): Promise<WebhookEndpoint> {
  requirePermission(ctx, 'webhook.manage');
  assertAllowedUrl(ctx, input.url);
  const resumes = input.paused === false;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await updateWebhookEndpoint(trx, id, {
      url: input.url,
      events: input.events,
      description: input.description,
      paused: input.paused,
      ...(input.paused === undefined ? {} : { paused_reason: null }),
      ...(resumes ? { failing_since: null } : {}),
    });
    if (!updated) throw new DomainError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
    if (resumes) {
      await makePendingDeliveriesDue(trx, id);
      await ctx.jobs.enqueue(deliverWebhooksJob, {}, { within: trx });
    }
    return updated;
  });
  return toEndpoint(row);
}

export async function deleteWebhook(ctx: ServiceContext, id: number): Promise<{ id: number }> {
  requirePermission(ctx, 'webhook.manage');
  if (!(await deleteWebhookEndpoint(ctx.db, id))) throw new DomainError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
  return { id };
}

/** A new secret, shown this once; the old one also signs for 24 hours (a second signature in the header). */
export async function rotateWebhookSecret(ctx: ServiceContext, id: number): Promise<WebhookWithSecret> {
  requirePermission(ctx, 'webhook.manage');
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await findWebhookEndpoint(trx, id);
    if (!current) throw new DomainError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
    const rotated = await updateWebhookEndpoint(trx, id, {
      secret: newSecret(),
      previous_secret: current.secret,
      previous_secret_until: new Date(Date.now() + PREVIOUS_SECRET_HOURS * 3600 * 1000),
    });
    if (!rotated) throw new DomainError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
    return rotated;
  });
  return { ...toEndpoint(row), secret: row.secret };
}

export async function listDeliveries(ctx: ServiceContext, id: number, query: WebhookDeliveriesQuery): Promise<WebhookDeliveryPage> {
  requirePermission(ctx, 'webhook.manage');
  await endpointOrThrow(ctx, id);
  const rows = await listWebhookDeliveries(ctx.db, id, query);
  const last = rows.at(-1);
  return { items: rows.map(toDelivery), nextBefore: rows.length === query.limit && last ? last.id : null };
}

/** 'Reenviar': the same message again (same webhook-id), now, with 24 more hours of retries. */
export async function resendDelivery(ctx: ServiceContext, deliveryId: number): Promise<WebhookDelivery> {
  requirePermission(ctx, 'webhook.manage');
  const row = await ctx.db.transaction().execute(async (trx) => {
    const resent = await resendWebhookDelivery(trx, deliveryId);
    if (!resent) throw new DomainError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
    await ctx.jobs.enqueue(deliverWebhooksJob, {}, { within: trx });
    return resent;
  });
  return toDelivery(row);
}
