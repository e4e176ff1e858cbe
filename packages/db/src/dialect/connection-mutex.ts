/** A first-come first-served lock: PGlite has one connection, so only one holder may use it at a time. */
export class ConnectionMutex {
  #locked = false;
  readonly #waiters: Array<() => void> = [];

  async lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  /** Hands the lock straight to the next waiter, so no newcomer can jump the queue. */
  unlock(): void {
    const next = this.#waiters.shift();
    if (next) {
      next();
    } else {
      this.#locked = false;
    }
  }
}
