/**
 * Ends an import job that will not publish (failed, cancelled, or its runner died). What it
 * staged may be a whole spreadsheet: its group is retired and its purge enqueued in one
 * transaction, so the leads go in batches in the background (lead-groups.jobs.ts) and no
 * transaction holds many rows' locks for long; then the job closes. An import that was running and failed tells its owner.
 */
import { closeAbandonedImportJob, retireStagedImportGroup } from '@crm/db';
import type { AppContext } from '../../../context.js';
import { enqueueGroupPurge } from '../../lead-groups/lead-groups.jobs.js';
import { Notifier } from '../../notifications/notifier.js';

export async function abandonImportJob(
  ctx: AppContext,
  id: number,
  outcome: { status: 'failed' | 'cancelled'; failure: string | null },
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const groupId = await retireStagedImportGroup(trx, id);
    if (groupId !== undefined) await enqueueGroupPurge(ctx, trx, groupId);
  });
  const notes = new Notifier();
  await closeAbandonedImportJob(ctx.db, id, outcome, async (trx, ended) => {
    if (outcome.status === 'failed' && outcome.failure !== null && ended.wasRunning) {
      await notes.importFinished(trx, ended.createdBy, { failure: outcome.failure });
    }
  });
  await notes.publish(ctx);
}
