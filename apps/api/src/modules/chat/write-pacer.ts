/**
 * Paces big writes of one process: writes take turns, and together they stay under a byte rate.
 * Attachments are stored in PostgreSQL, so a 10 MB upload is 10 MB of WAL and table pages; written
 * at once, back to back, they fill the disk's queue, and every other commit (a chat message, a
 * read receipt) waits for its WAL flush behind them. An idle pacer lets a write start at once: only
 * writes that follow each other closely are spread out.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export class WritePacer {
  /** When the next write may start (performance.now() time). */
  private nextStart = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly bytesPerSecond: number) {}

  /** Resolves when `bytes` may be written. */
  turn(bytes: number): Promise<void> {
    const turn = this.queue.then(async () => {
      const now = performance.now();
      const start = Math.max(now, this.nextStart);
      this.nextStart = start + (bytes / this.bytesPerSecond) * 1000;
      if (start > now) await sleep(start - now);
    });
    this.queue = turn;
    return turn;
  }
}
