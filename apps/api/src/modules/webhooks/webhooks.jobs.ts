/**
 * The webhook sender's jobs: `webhooks.deliver` is enqueued with every event (in its transaction)
 * and sends what is due; `webhooks.wake` comes back at the next retry's time; `webhooks.sweep`
 * runs each minute as a safety net (a lease a dead replica left) and keeps the log bounded.
 */
import { z } from 'zod';
import { defineJob, type JobContext } from '../../jobs/job-definition.js';
import { deliverDueWebhooks, pruneDeliveryLog } from './webhook-dispatch.js';

function deliver(ctx: JobContext, signal: AbortSignal): Promise<void> {
  return deliverDueWebhooks(ctx, signal, (at) =>
    // One wake per second of due time, however many drains ask for it.
    ctx.jobs.enqueue(wakeWebhooksJob, {}, { startAfter: at, key: String(Math.ceil(at.getTime() / 1000)) }),
  );
}

export const deliverWebhooksJob = defineJob({
  name: 'webhooks.deliver',
  payload: z.object({}),
  settings: { retries: 3, retryDelaySeconds: 2, expireInSeconds: 15 * 60, pollSeconds: 0.5 },
  handler: (ctx, _payload, run) => deliver(ctx, run.signal),
});

export const wakeWebhooksJob = defineJob({
  name: 'webhooks.wake',
  payload: z.object({}),
  settings: { retries: 3, retryDelaySeconds: 2, expireInSeconds: 15 * 60, onePending: true, pollSeconds: 0.5 },
  handler: (ctx, _payload, run) => deliver(ctx, run.signal),
});

export const sweepWebhooksJob = defineJob({
  name: 'webhooks.sweep',
  payload: z.object({}),
  settings: { retries: 1, retryDelaySeconds: 10, expireInSeconds: 15 * 60, cron: '* * * * *' },
  async handler(ctx, _payload, run) {
    await deliver(ctx, run.signal);
    await pruneDeliveryLog(ctx);
  },
});
