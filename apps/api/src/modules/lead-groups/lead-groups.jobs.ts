/**
 * A deleted group's leads go in the background, 500 per short transaction, so no transaction holds
 * many rows' locks for long. The job is enqueued with the deletion (same transaction), is retried
 * with backoff, and may run again after a crash: each batch deletes what is left, so running twice
 * does no harm. Replicas never purge one group at once (one job per group), and a batch skips rows
 * another writer holds.
 */
import { type DbOrTrx, deleteLeadBatchOfDeletedGroup, listDeletedLeadGroupIds } from '@crm/db';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { defineJob } from '../../jobs/job-definition.js';

const BATCH_SIZE = 500;

export const purgeDeletedGroupJob = defineJob({
  name: 'lead-groups.purge-deleted',
  payload: z.object({ groupId: z.number().int() }),
  settings: { retries: 5, retryDelaySeconds: 5, onePending: true },
  async handler(ctx, { groupId }, run) {
    // A stop leaves the rest to the next try (the queue hands the job out again). The batches run on
    // the pool of heavy reads: one connection at a lower priority, never one of the main pool's.
    while (!run.signal.aborted && (await deleteLeadBatchOfDeletedGroup(ctx.heavyDb, groupId, BATCH_SIZE)) > 0);
    if (run.signal.aborted) throw new Error('Borrado de grupo interrumpido: se retomará');
  },
});

/** In the transaction that marks the group deleted. */
export function enqueueGroupPurge(ctx: AppContext, trx: DbOrTrx, groupId: number): Promise<void> {
  return ctx.jobs.enqueue(purgeDeletedGroupJob, { groupId }, { key: String(groupId), within: trx });
}

/** At start: groups deleted before their purge was a queued job (an earlier release) get one. */
export async function enqueueLeftoverGroupPurges(ctx: AppContext): Promise<void> {
  for (const groupId of await listDeletedLeadGroupIds(ctx.db))
    await ctx.jobs.enqueue(purgeDeletedGroupJob, { groupId }, { key: String(groupId) });
}
