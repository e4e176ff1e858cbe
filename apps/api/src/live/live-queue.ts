/** A push-to-pull queue: the hub pushes live events, a subscription's `for await` pulls them. */
export interface LiveQueue<T> extends AsyncIterable<T> {
  push(item: T): void;
  /** No more items: a pending or later pull finishes the iteration. */
  end(): void;
}

export function createLiveQueue<T>(signal?: AbortSignal): LiveQueue<T> {
  const items: T[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  const end = () => {
    ended = true;
    notify();
  };
  signal?.addEventListener('abort', end, { once: true });

  return {
    push(item) {
      if (ended) return;
      items.push(item);
      notify();
    },
    end,
    async *[Symbol.asyncIterator]() {
      while (true) {
        const item = items.shift();
        if (item !== undefined) {
          yield item;
          continue;
        }
        if (ended) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
  };
}
