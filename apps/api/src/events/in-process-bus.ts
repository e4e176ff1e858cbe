/** The bus with the embedded database: one process is the only replica, so events stay in memory. */
import { type BusEvent, type BusLog, type EventBus, ListenerSet } from './event-bus.js';

export function createInProcessBus(log: BusLog): EventBus {
  const listeners = new ListenerSet();
  return {
    publish(...events: BusEvent[]) {
      // Delivered on the next tick, as a NOTIFY would be: never inside the publisher's call stack.
      queueMicrotask(() => {
        for (const event of events) listeners.emit(event, (error) => log.error({ err: error }, 'event listener failed'));
      });
      return Promise.resolve();
    },
    subscribe: (listener) => listeners.add(listener),
    async close() {},
  };
}
