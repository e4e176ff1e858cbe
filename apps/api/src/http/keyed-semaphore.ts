/**
 * At most `limit` holders per key at once; the others wait their turn, in order. Process memory is
 * enough here: it is a first gate that keeps one client from taking every database connection of
 * this replica, not a rule another replica needs to know.
 */
export type Release = () => void;

interface Lane {
  active: number;
  waiting: Array<(release: Release) => void>;
}

export class KeyedSemaphore {
  private readonly lanes = new Map<string, Lane>();

  constructor(
    private readonly limit: number,
    /** Beyond this many waiting per key, `acquire` answers undefined at once (the caller refuses). */
    private readonly maxWaiting: number,
  ) {}

  /** A release function once a slot is free, or undefined when too many already wait. */
  acquire(key: string): Promise<Release | undefined> {
    const lane = this.lanes.get(key) ?? { active: 0, waiting: [] };
    this.lanes.set(key, lane);
    if (lane.active < this.limit) {
      lane.active += 1;
      return Promise.resolve(this.releaserOf(key, lane));
    }
    if (lane.waiting.length >= this.maxWaiting) return Promise.resolve(undefined);
    return new Promise((resolve) => lane.waiting.push(resolve));
  }

  /** How many hold a slot for `key` now (for tests). */
  activeFor(key: string): number {
    return this.lanes.get(key)?.active ?? 0;
  }

  private releaserOf(key: string, lane: Lane): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = lane.waiting.shift();
      // The slot passes straight to the next in line; the lane is forgotten once nobody holds it.
      if (next) next(this.releaserOf(key, lane));
      else if (--lane.active === 0) this.lanes.delete(key);
    };
  }
}
