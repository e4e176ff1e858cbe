/** TanStack Query with the product's defaults: no retry, no refetch on focus, never stale. */
import { MutationCache, QueryCache, QueryClient, notifyManager } from '@tanstack/react-query';
import { isUnauthorized } from './errors';
import { handleUnauthorized } from './unauthorized';

function onError(error: unknown): void {
  if (isUnauthorized(error)) handleUnauthorized();
}

/**
 * TanStack Query tells observers about changes in a later task, one setTimeout per batch: a screen of
 * cards, each with its queries and mutations, started some 280 timers while mounting (a phone's long
 * task, issue 25). The batches asked for before the timer runs share it, and still run in order.
 */
function oneTimerScheduler(): (callback: () => void) => void {
  let waiting: (() => void)[] = [];
  const runWaiting = () => {
    const batches = waiting;
    waiting = [];
    for (const batch of batches) {
      try {
        batch();
      } catch (error) {
        // As with a timer each: one observer's error leaves the others their batch.
        setTimeout(() => {
          throw error;
        });
      }
    }
  };
  return (callback) => {
    waiting.push(callback);
    if (waiting.length === 1) setTimeout(runWaiting, 0);
  };
}

export function createQueryClient(): QueryClient {
  notifyManager.setScheduler(oneTimerScheduler());
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}

/**
 * Refetches what a live event changed. A query still on its first fetch would otherwise keep that
 * fetch (TanStack joins it rather than start another), and its answer, read before the event's
 * change, would land as fresh: the fetch under way is cancelled first, so the refetch starts after.
 */
export async function refetchAfterEvent(queryClient: QueryClient, queryKey: readonly unknown[]): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
