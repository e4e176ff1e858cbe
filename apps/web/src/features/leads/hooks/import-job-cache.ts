/** The live feed's part in import jobs: what an `importJob` event does to the cached queries. */
import type { ImportJobState } from '@crm/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { useTRPC } from '../../../lib/trpc';

type Trpc = ReturnType<typeof useTRPC>;

export const isJobActive = (job: Pick<ImportJobState, 'status'> | undefined) => job?.status === 'running' || job?.status === 'uploaded';

/**
 * A live `importJob` event: the counters replace the cached ones (keeping the error lines the
 * event leaves out); once the job ends, its full state (errors included) is read again.
 */
export function applyImportJobEvent(queryClient: QueryClient, trpc: Trpc, job: ImportJobState): void {
  const key = trpc.importJobs.byId.queryKey({ id: job.id });
  queryClient.setQueryData(key, (cached) => ({ ...job, errors: cached?.errors ?? [] }));
  if (!isJobActive(job)) void queryClient.invalidateQueries({ queryKey: key });
  void queryClient.invalidateQueries({ queryKey: trpc.importJobs.list.queryKey() });
}
