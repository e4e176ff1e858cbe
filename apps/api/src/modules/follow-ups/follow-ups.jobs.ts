/**
 * Reminders: each open follow-up has a job due at its due time (enqueued with the change that set
 * it). The job claims every row that is due and unreminded by then, its own and any other, so the
 * database, not the queue, decides that a reminder goes out once, and many follow-ups falling due
 * together go out in one round instead of one per poll of the queue (a worker takes one job per
 * poll). A schedule each minute reminds what no job covers (rows written before the queue
 * existed). The owner hears `followUpDue` live on every replica.
 */
import { claimDueFollowUps, type DbOrTrx, findFollowUp } from '@crm/db';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { defineJob } from '../../jobs/job-definition.js';
import { publishLive } from '../../live/publish.js';
import { leadSight, seenBy } from '../leads/lead-sight.js';
import { Notifier } from '../notifications/notifier.js';
import { emitWebhookEvent } from '../webhooks/webhook-events.js';

/** Rows per claim: a transaction of a few milliseconds. */
const CLAIM_BATCH = 100;

/**
 * Claims with `claim` in one short transaction, stores the notifications, then tells each owner.
 * A reminder names its lead: an owner who may no longer see the lead (it was reassigned away) gets
 * none. Answers how many were claimed.
 */
async function remindBatch(
  ctx: AppContext,
  claim: (trx: DbOrTrx) => Promise<{ id: number; leadId: number; ownerId: number }[]>,
): Promise<number> {
  const notes = new Notifier();
  const claimed = await ctx.db.transaction().execute(async (trx) => {
    const rows = await claim(trx);
    const sight = await leadSight(trx, [...new Set(rows.map((row) => row.leadId))]);
    const seen = rows.filter((row) => seenBy(sight, row.ownerId).includes(row.leadId));
    await notes.followUpsDue(
      trx,
      seen.map((row) => row.id),
    );
    await emitWebhookEvent(ctx, trx, 'follow_up.due', async () => {
      const followUps = await Promise.all(rows.map((row) => findFollowUp(trx, row.id)));
      return followUps.flatMap((followUp) => (followUp ? [{ leadId: followUp.leadId, data: followUp }] : []));
    });
    return { count: rows.length, seen };
  });
  await notes.publish(ctx);
  for (const { id, ownerId } of claimed.seen) {
    const followUp = await findFollowUp(ctx.db, id);
    if (followUp) await publishLive(ctx, { type: 'followUpDue', followUp }, { userIds: [ownerId] });
  }
  return claimed.count;
}

/** Every follow-up due by now and not yet reminded, in batches; two replicas claim disjoint rows. */
async function remindAllDue(ctx: AppContext): Promise<void> {
  while ((await remindBatch(ctx, (trx) => claimDueFollowUps(trx, new Date(), CLAIM_BATCH))) === CLAIM_BATCH);
}

export const remindFollowUpJob = defineJob({
  name: 'follow-ups.remind',
  // The follow-up whose due time the job was enqueued for: the job reminds it with every other due one.
  payload: z.object({ followUpId: z.number().int() }),
  // Polled every half second (the least the queue allows): a reminder arrives within about a second of its time.
  settings: { retries: 3, retryDelaySeconds: 1, onePending: true, pollSeconds: 0.5 },
  // Done, deleted, rescheduled later (its own job follows) or already reminded: nothing is claimed for it.
  handler: remindAllDue,
});

export const remindOverdueFollowUpsJob = defineJob({
  name: 'follow-ups.remind-overdue',
  payload: z.object({}),
  settings: { retries: 2, retryDelaySeconds: 10, cron: '* * * * *' },
  handler: remindAllDue,
});

/** In the transaction that sets an open follow-up's due time: its reminder, at that time (one per follow-up and time). */
export function enqueueReminder(ctx: AppContext, trx: DbOrTrx, followUp: { id: number; dueAt: Date }): Promise<void> {
  return ctx.jobs.enqueue(
    remindFollowUpJob,
    { followUpId: followUp.id },
    { startAfter: followUp.dueAt, key: `${followUp.id}@${followUp.dueAt.getTime()}`, within: trx },
  );
}
