/**
 * Keeps the order in which an import's batches ask for the lead-import lock. Several batches are
 * under way at once on PostgreSQL, each on its own connection, and each waits (in this process)
 * for what the batches before it took (ImportFileKeys). A batch that held the lock while an earlier
 * one still waited for it could wait forever: a single lead's write queued between them waits for
 * the later batch, and the earlier one queues behind that write. So each batch asks for the lock
 * only once the batch before it holds it.
 */
export class BatchTurns {
  private previousLocked: Promise<void> = Promise.resolve();

  /** The next batch's turn: wait for `ready`, then call `locked` once the lock is held (or the write failed). */
  next(): { ready: Promise<void>; locked: () => void } {
    const ready = this.previousLocked;
    let locked: () => void = () => undefined;
    this.previousLocked = new Promise<void>((resolve) => (locked = resolve));
    return { ready, locked };
  }
}
