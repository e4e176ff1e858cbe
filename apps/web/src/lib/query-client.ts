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
