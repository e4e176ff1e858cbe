/**
 * Deletes the leads of deleted groups in batches, each its own short transaction, so no transaction
 * holds many rows' locks for long. Started after each group deletion and at every start, so a deletion
 * a crash interrupted is finished. Replicas may sweep the same group at once: each batch skips the
 * rows another is deleting.
 */
import { type Db, deleteLeadBatchOfDeletedGroup, listDeletedLeadGroupIds } from '@crm/db';
import type { FastifyBaseLogger } from 'fastify';

const BATCH_SIZE = 500;

/** Per database (tests run several servers in one process): the sweep under way, and whether another was asked for. */
const sweeps = new WeakMap<Db, { running: Promise<void>; again: boolean }>();

async function sweep(db: Db): Promise<void> {
  for (const groupId of await listDeletedLeadGroupIds(db)) {
    while ((await deleteLeadBatchOfDeletedGroup(db, groupId, BATCH_SIZE)) > 0) {
      // Each batch is its own short transaction: other requests take their turns in between.
    }
  }
}

/** Finishes every pending group deletion; resolves when none is left (a call during a sweep runs it once more). */
export function sweepDeletedGroups(ctx: { db: Db; log: FastifyBaseLogger }): Promise<void> {
  const current = sweeps.get(ctx.db);
  if (current) {
    current.again = true;
    return current.running;
  }
  const state = { running: Promise.resolve(), again: true };
  state.running = (async () => {
    try {
      while (state.again) {
        state.again = false;
        await sweep(ctx.db);
      }
    } catch (error) {
      ctx.log.warn({ err: error }, 'No se pudieron borrar los leads de un grupo eliminado; se reintentará al arrancar');
    } finally {
      sweeps.delete(ctx.db);
    }
  })();
  sweeps.set(ctx.db, state);
  return state.running;
}
