/**
 * Sending the outbox: claim the due deliveries that head their lead's queue, send them a few at a
 * time, record each outcome; again until nothing is due; then make sure the queue wakes for the
 * next retry. At least once: a replica that dies mid-send leaves a lease that runs out, and the row
 * is sent again (receivers drop repeats by `webhook-id`).
 */
import { setTimeout } from 'node:timers/promises';
import {
  type ClaimedWebhookDelivery,
  claimWebhookDeliveries,
  nextWebhookAttemptAt,
  pruneWebhookDeliveries,
  recordWebhookDelivered,
  recordWebhookFailure,
} from '@crm/db';
import { WEBHOOK_MESSAGES } from '@crm/domain';
import type { JobContext } from '../../jobs/job-definition.js';
import { Notifier } from '../notifications/notifier.js';
import { DELIVERY_TIMEOUT_MS, sendDelivery } from './webhook-sender.js';

/** Attempts a replica has under way at once (each the head of its own lead's queue). */
const MAX_IN_FLIGHT = 32;
/** While slow attempts are under way, how often to look for deliveries that became due. */
const RECLAIM_MS = 200;
/** Longer than an attempt can take: a lease running out means its replica is gone. */
const LEASE_SECONDS = Math.ceil((DELIVERY_TIMEOUT_MS * 3) / 1000);
/** Retries wait 5 s, 10 s, 20 s … doubling up to an hour; a delivery is given up 24 h after its event. */
const FIRST_RETRY_SECONDS = 5;
const MAX_RETRY_SECONDS = 3600;
/** An endpoint whose every attempt failed for this long is paused, and the admins hear of it. */
const PAUSE_AFTER_HOURS = 24;
/** Delivered and failed rows are kept this long in the log. */
const KEEP_LOG_DAYS = 30;
const PRUNE_BATCH = 5000;

/** The wait before the next try after `attempts` tries, with up to 10 % jitter so a recovering receiver is not hit all at once. */
function retryDelaySeconds(attempts: number, jitter = Math.random()): number {
  const base = Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_SECONDS);
  return Math.round(base * (1 + jitter / 10));
}

async function deliverOne(ctx: JobContext, delivery: ClaimedWebhookDelivery): Promise<void> {
  const attempt = await sendDelivery({
    url: delivery.url,
    eventId: delivery.eventId,
    secrets: delivery.secrets,
    body: JSON.stringify(delivery.payload),
    allowPrivate: ctx.env.WEBHOOK_ALLOW_PRIVATE,
  });
  if (attempt.error === null) {
    await ctx.db.transaction().execute((trx) => recordWebhookDelivered(trx, delivery, attempt));
    return;
  }
  const notes = new Notifier();
  await ctx.db.transaction().execute(async (trx) => {
    const { paused } = await recordWebhookFailure(trx, delivery, attempt, retryDelaySeconds(delivery.attempts), {
      afterHours: PAUSE_AFTER_HOURS,
      reason: WEBHOOK_MESSAGES.pausedAfterFailures,
    });
    if (paused) await notes.webhookPaused(trx, paused);
  });
  await notes.publish(ctx);
}

/**
 * Sends until nothing is due (or the replica stops), keeping up to MAX_IN_FLIGHT attempts under
 * way: a slot that frees is filled at once, so a slow receiver holds one slot, not the others'
 * events. Then schedules a wake for the earliest retry.
 */
export async function deliverDueWebhooks(ctx: JobContext, signal: AbortSignal, wake: (at: Date) => Promise<void>): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  while (!signal.aborted) {
    const room = MAX_IN_FLIGHT - inFlight.size;
    const claimed = room > 0 ? await claimWebhookDeliveries(ctx.db, room, LEASE_SECONDS) : [];
    for (const delivery of claimed) {
      const sending: Promise<void> = deliverOne(ctx, delivery)
        // Its lease runs out and it is sent again: at least once, never lost.
        .catch((error: unknown) => ctx.log.error({ err: error, deliveryId: delivery.id }, 'Webhook: entrega sin registrar'))
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    }
    if (inFlight.size === 0) break;
    // Full: wait for a slot. Nothing more due: look again when a slot frees, or soon (events committed meanwhile).
    if (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
    else if (claimed.length === 0) await Promise.race([...inFlight, setTimeout(RECLAIM_MS)]);
  }
  await Promise.all(inFlight);
  const next = await nextWebhookAttemptAt(ctx.db);
  if (next) await wake(next);
}

export async function pruneDeliveryLog(ctx: JobContext): Promise<void> {
  const before = new Date(Date.now() - KEEP_LOG_DAYS * 24 * 3600 * 1000);
  while ((await pruneWebhookDeliveries(ctx.db, before, PRUNE_BATCH)) === PRUNE_BATCH);
}
