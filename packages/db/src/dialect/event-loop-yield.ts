/**
 * Gives the event loop a turn when PGlite has answered queries back to back for too long.
 * PGlite runs in this thread and settles each query within microtasks, so a loop of queries
 * (a batch job, a streamed download's pages, a burst of requests in line for the connection)
 * never lets Node read a socket: every other request waits for the whole loop. The driver asks
 * here before an acquirer joins the connection's line; past the budget it waits for the loop's
 * next check phase, after the sockets have been read, and the requests read then go first.
 */
import { setImmediate as nextCheckPhase } from 'node:timers/promises';

/** Longest run of back-to-back grants before the event loop gets a turn; a turn costs microseconds. */
const BUSY_BUDGET_MS = 5;

export class EventLoopYield {
  /** When the current run of grants began. */
  #runStartedAt = 0;
  /** A run is under way: the event loop has not reached its next turn since it began. */
  #running = false;

  /** Resolves at once while within the budget, else once the event loop has read its sockets. */
  async beforeGrant(): Promise<void> {
    if (!this.#running) {
      this.#startRun();
      return;
    }
    if (performance.now() - this.#runStartedAt < BUSY_BUDGET_MS) return;
    await nextCheckPhase();
  }

  #startRun(): void {
    this.#running = true;
    this.#runStartedAt = performance.now();
    // A timer fires at the start of the loop's next turn, before the sockets are read: a request
    // read then finds the run over and goes straight to the connection, ahead of the loop that
    // waits for the check phase.
    setTimeout(() => {
      this.#running = false;
    }, 0).unref();
  }
}
