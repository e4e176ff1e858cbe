/**
 * The lock on PGlite's one connection, first come first served within each lane. Users' requests
 * (the foreground) go ahead of background work: a request of four queries would otherwise wait for
 * a background transaction before each of them, where now it waits for one at most.
 *
 * Background work waits while a foreground acquirer is on its way (letting the event loop turn
 * before it asks, see EventLoopYield) and, after a foreground holder lets go, until the loop's next
 * turn: the same request's next query goes first. A background waiter that has waited
 * BACKGROUND_WAIT_LIMIT_MS goes ahead of the foreground, so a busy team slows a job down without
 * stopping it.
 */
export type ConnectionLane = 'foreground' | 'background';

const BACKGROUND_WAIT_LIMIT_MS = 250;

interface BackgroundWaiter {
  grant: () => void;
  since: number;
}

export class ConnectionMutex {
  #holder: ConnectionLane | null = null;
  readonly #foreground: Array<() => void> = [];
  readonly #background: BackgroundWaiter[] = [];
  /** Foreground acquirers between asking and joining the line. */
  #foregroundOnTheirWay = 0;
  /** Pending from a foreground release until the event loop's next turn, while background work waits. */
  #afterForeground: NodeJS.Immediate | undefined;

  /** `beforeJoining` runs first (the event loop's turn); a foreground acquirer holds background work back meanwhile. */
  async lock(lane: ConnectionLane = 'foreground', beforeJoining?: () => Promise<void>): Promise<void> {
    if (beforeJoining) {
      if (lane === 'foreground') this.#foregroundOnTheirWay += 1;
      try {
        await beforeJoining();
      } finally {
        if (lane === 'foreground') this.#foregroundOnTheirWay -= 1;
      }
    }
    if (this.#holder === null && (lane === 'foreground' || this.#backgroundMayGo())) {
      this.#holder = lane;
      return;
    }
    await new Promise<void>((resolve) => {
      if (lane === 'foreground') this.#foreground.push(resolve);
      else this.#background.push({ grant: resolve, since: performance.now() });
    });
  }

  /** Hands the lock straight to the next waiter, so no newcomer can jump its lane's queue. */
  unlock(): void {
    const released = this.#holder;
    this.#holder = null;
    if (this.#backgroundWaitedTooLong()) {
      this.#grantBackground();
    } else if (this.#foreground.length > 0) {
      this.#holder = 'foreground';
      this.#foreground.shift()?.();
    } else if (released === 'foreground') {
      this.#holdBackgroundUntilNextTurn();
    } else if (this.#background.length > 0 && this.#backgroundMayGo()) {
      this.#grantBackground();
    }
  }

  #backgroundMayGo(): boolean {
    return this.#afterForeground === undefined && this.#foregroundOnTheirWay === 0;
  }

  #backgroundWaitedTooLong(): boolean {
    const oldest = this.#background[0];
    return oldest !== undefined && performance.now() - oldest.since >= BACKGROUND_WAIT_LIMIT_MS;
  }

  #grantBackground(): void {
    this.#holder = 'background';
    this.#background.shift()?.grant();
  }

  /**
   * Two turns of the check phase: a release inside one schedules the first hop for the next, and a
   * request's next query, put off to a check phase (EventLoopYield), asks before the second hop.
   */
  #holdBackgroundUntilNextTurn(): void {
    if (this.#afterForeground !== undefined) clearImmediate(this.#afterForeground);
    this.#afterForeground = setImmediate(() => {
      this.#afterForeground = setImmediate(() => {
        this.#afterForeground = undefined;
        if (this.#holder !== null || this.#background.length === 0) return;
        if (this.#foregroundOnTheirWay === 0 || this.#backgroundWaitedTooLong()) this.#grantBackground();
      });
    });
  }
}
