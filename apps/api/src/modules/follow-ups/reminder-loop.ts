/**
 * Reminders: every replica polls (FOLLOW_UP_POLL_MS, ~1 s) and claims due, unreminded follow-ups in
 * one short transaction (FOR UPDATE SKIP LOCKED, claimDueFollowUps), then sends `followUpDue` live
 * to each owner's sessions on every replica. A row is claimed by one replica only: exactly once.
 */
import { claimDueFollowUps, findFollowUp } from '@crm/db';
import type { AppContext } from '../../context.js';
import { publishLive } from '../../live/publish.js';
import { Notifier } from '../notifications/notifier.js';

/** Rows per claim: a transaction of a few milliseconds. */
const CLAIM_BATCH = 100;

async function remindDue(ctx: AppContext): Promise<void> {
  for (;;) {
    const notes = new Notifier();
    const claimed = await ctx.db.transaction().execute(async (trx) => {
      const rows = await claimDueFollowUps(trx, new Date(), CLAIM_BATCH);
      await notes.followUpsDue(
        trx,
        rows.map((row) => row.id),
      );
      return rows;
    });
    await notes.publish(ctx);
    for (const { id, ownerId } of claimed) {
      const followUp = await findFollowUp(ctx.db, id);
      if (followUp) await publishLive(ctx, { type: 'followUpDue', followUp }, { userIds: [ownerId] });
    }
    if (claimed.length < CLAIM_BATCH) return;
  }
}

/** Starts the loop; the answer stops it and waits for a round under way. */
export function startReminderLoop(ctx: AppContext, intervalMs: number): { stop: () => Promise<void> } {
  let stopped = false;
  let round: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    round = remindDue(ctx)
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'No se pudieron enviar los recordatorios de seguimientos'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
