/**
 * Gives the event loop a turn when PGlite has answered queries back to back for too long.
 * PGlite runs in this thread and settles each query within microtasks, so a loop of queries
 * (a batch job, a streamed download's pages, a burst of requests in line for the connection)
 * never lets Node read a socket: every other request waits for the whole loop. The driver asks
 * here before each grant of the connection; past the budget the grant waits for a macrotask
 * turn, in which pending requests are read and join the connection's line first.
 */
import { setImmediate as nextMacrotask } from 'node:timers/promises';

/** Longest run of back-to-back grants before the event loop gets a turn; a turn costs microseconds. */
const BUSY_BUDGET_MS = 5;

export class EventLoopYield {
  /** When the event loop was last seen turning (or when this run of grants began). */
  #turnAt = 0;
  /** A check-phase callback is scheduled: until it runs, no macrotask turn has happened. */
  #watching = false;

  /** Resolves at once while within the budget, else after the event loop has had a turn. */
  async beforeGrant(): Promise<void> {
    if (!this.#watching) {
      this.#watch();
      return;
    }
    if (performance.now() - this.#turnAt < BUSY_BUDGET_MS) return;
    // The watcher was scheduled first, so it has reset the clock by the time this resumes.
    await nextMacrotask();
  }

  #watch(): void {
    this.#watching = true;
    this.#turnAt = performance.now();
    setImmediate(() => {
      this.#watching = false;
    });
  }
}
