/** TanStack Query with the product's defaults: no retry, no refetch on focus, never stale. */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorized } from './errors';
import { handleUnauthorized } from './unauthorized';

function onError(error: unknown): void {
  if (isUnauthorized(error)) handleUnauthorized();
}

export function createQueryClient(): QueryClient {
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
