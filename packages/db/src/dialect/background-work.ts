/**
 * Background work: an import's batches, a bulk change, a sweep. On PGlite's one connection its
 * queries give way to users' requests (see ConnectionMutex); on PostgreSQL, with a connection per
 * query in flight, the mark changes nothing. The mark follows the work through every await, and
 * into timers and callbacks the work starts, so start long-lived shared machinery outside it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const backgroundWork = new AsyncLocalStorage<true>();

export function runAsBackgroundWork<T>(work: () => Promise<T>): Promise<T> {
  return backgroundWork.run(true, work);
}

export function isBackgroundWork(): boolean {
  return backgroundWork.getStore() === true;
}
