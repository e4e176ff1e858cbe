/**
 * Lead ids for an import's batches when several are written at once: reserved one batch after the
 * other, in file order, so the leads' ids (the lists' order among leads created at the same time)
 * follow the file whichever batch inserts first. Batches written one at a time take them in order
 * as they insert, so nothing is reserved then.
 */
import { type Db, reserveLeadIds } from '@crm/db';

export class LeadIdsInFileOrder {
  private latest: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly batchesAtOnce: number,
  ) {}

  /** Call in file order; undefined when the insert should number the rows itself. */
  reserve(count: number): Promise<number[] | undefined> {
    if (this.batchesAtOnce === 1 || count === 0) return Promise.resolve(undefined);
    const ids = this.latest.catch(() => undefined).then(() => reserveLeadIds(this.db, count));
    this.latest = ids;
    return ids;
  }
}
