/**
 * Keeps an import's batch transactions in file order. Two batches are under way at once on
 * PostgreSQL (one writing, the next queued), each on its own connection, and both ask for the
 * import lock; PostgreSQL grants it to whichever asks first, which need not be the earlier batch.
 * A later batch taking the lock first would see its rows as the file's first occurrences and the
 * earlier batch's as the repetitions. So each batch asks for the lock only once the batch before
 * it holds it.
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
