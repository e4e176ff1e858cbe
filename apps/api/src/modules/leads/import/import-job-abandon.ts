/**
 * Ends an import job that will not publish (failed, cancelled, or its runner died). What it
 * staged may be a whole spreadsheet: its group is retired first and the group-deletion sweep
 * removes the leads in batches, so no transaction holds many rows' locks for long; then the job closes. An import that was running and failed tells its owner.
 */
import { closeAbandonedImportJob, retireStagedImportGroup } from '@crm/db';
import type { AppContext } from '../../../context.js';
import { sweepDeletedGroups } from '../../lead-groups/group-deletion-sweep.js';
import { Notifier } from '../../notifications/notifier.js';

export async function abandonImportJob(
  ctx: Pick<AppContext, 'db' | 'bus' | 'log'>,
  id: number,
  outcome: { status: 'failed' | 'cancelled'; failure: string | null },
): Promise<void> {
  if (await retireStagedImportGroup(ctx.db, id)) await sweepDeletedGroups(ctx);
  const notes = new Notifier();
  await closeAbandonedImportJob(ctx.db, id, outcome, async (trx, ended) => {
    if (outcome.status === 'failed' && outcome.failure !== null && ended.wasRunning) {
      await notes.importFinished(trx, ended.createdBy, { failure: outcome.failure });
    }
  });
  await notes.publish(ctx);
}
