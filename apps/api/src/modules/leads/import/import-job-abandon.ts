/**
 * Ends an import job that will not publish (failed, cancelled, or its runner died): its file and
 * staged rows go, nothing else was ever written. An import that was running and failed tells its owner.
 */
import { type ImportProgress, closeAbandonedImportJob } from '@crm/db';
import type { AppContext } from '../../../context.js';
import { Notifier } from '../../notifications/notifier.js';

export async function abandonImportJob(
  ctx: AppContext,
  id: number,
  outcome: { status: 'failed' | 'cancelled'; failure: string | null; progress?: ImportProgress },
): Promise<void> {
  const notes = new Notifier();
  await closeAbandonedImportJob(ctx.db, id, outcome, async (trx, ended) => {
    if (outcome.status === 'failed' && outcome.failure !== null && ended.wasRunning) {
      await notes.importFinished(trx, ended.createdBy, { failure: outcome.failure });
    }
  });
  await notes.publish(ctx);
}
