import { useDeferredValue } from 'react';

/**
 * A query's answer as a panel renders it: in a deferred, interruptible pass. The answer arrives
 * through useSyncExternalStore, whose updates React renders in one go; a screen whose queries answer
 * together made that one long task on a phone (docs/performance.md). `pending` stays true until the
 * deferred pass has the data, so the panel keeps its skeleton rather than flash its empty state.
 */
export function useDeferredData<T>(query: { data: T | undefined; isError: boolean }): { data: T | undefined; pending: boolean } {
  const data = useDeferredValue(query.data);
  return { data, pending: data === undefined && !query.isError };
}
