/**
 * The transactional outbox: a service announces a webhook event inside the transaction that makes
 * the change, so a rolled-back change sends nothing and a committed one is never lost. The rows
 * are sent after the commit by the job queue (webhooks.jobs.ts).
 *
 *   await ctx.db.transaction().execute(async (trx) => {
 *     ...the change...
 *     await emitWebhookEvent(ctx, trx, 'form.submitted', () => [{ leadId, data: submissionDto }]);
 *   });
 *
 * `data` is the DTO the API returns for the object; `leadId` orders the events of one lead (null:
 * no order to keep). `build` runs only when some running endpoint listens to the event type.
 */
import { randomUUID } from 'node:crypto';
import { type DbOrTrx, EVERY_LEAD, findLeadListItems, insertWebhookDeliveries, listSubscribedEndpointIds } from '@crm/db';
import type { WebhookEventType } from '@crm/domain';
import type { AppContext } from '../../context.js';
import { deliverWebhooksJob } from './webhooks.jobs.js';

interface WebhookEventData {
  leadId: number | null;
  data: unknown;
}

type Emitter = Pick<AppContext, 'jobs'>;

/** The message body every endpoint receives: `{ type, timestamp, data }` (Standard Webhooks' shape). */
function messageOf(type: WebhookEventType, data: unknown, timestamp: string): string {
  return JSON.stringify({ type, timestamp, data });
}

export async function emitWebhookEvent(
  ctx: Emitter,
  trx: DbOrTrx,
  type: WebhookEventType,
  build: () => Promise<readonly WebhookEventData[]> | readonly WebhookEventData[],
): Promise<void> {
  const endpointIds = await listSubscribedEndpointIds(trx, type);
  if (endpointIds.length === 0) return;
  const events = await build();
  if (events.length === 0) return;
  const timestamp = new Date().toISOString();
  await insertWebhookDeliveries(
    trx,
    events.flatMap((event) => {
      const eventId = `msg_${randomUUID().replaceAll('-', '')}`;
      const payload = messageOf(type, event.data, timestamp);
      return endpointIds.map((endpointId) => ({ eventId, endpointId, eventType: type, leadId: event.leadId, payload }));
    }),
  );
  // Committed with the rows: the sender wakes as soon as they can be read.
  await ctx.jobs.enqueue(deliverWebhooksJob, {}, { within: trx });
}

/**
 * Lead events carry the lead's list item, as GET /api/leads/{id} returns it, read inside the
 * transaction: after the change, or just before it for 'lead.deleted' (the lead as it was).
 */
export function emitLeadEvents(ctx: Emitter, trx: DbOrTrx, type: WebhookEventType, leadIds: readonly number[]): Promise<void> {
  if (leadIds.length === 0) return Promise.resolve();
  return emitWebhookEvent(ctx, trx, type, async () => {
    const byId = new Map((await findLeadListItems(trx, leadIds, EVERY_LEAD)).map((lead) => [lead.id, lead]));
    return leadIds.flatMap((id) => {
      const lead = byId.get(id);
      return lead ? [{ leadId: id, data: lead }] : [];
    });
  });
}
