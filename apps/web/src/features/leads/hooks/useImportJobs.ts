/**
 * The import dialog's jobs (docs/import-format.md#import-jobs): the server's size limit, the
 * caller's recent jobs and one job's state. The live feed (LiveProvider) writes each job's
 * counters into these queries as the server publishes them; without it they poll while a job runs.
 */
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import { useLiveConnection } from '../../live/LiveProvider';
import { isJobActive } from './import-job-cache';

/** How often a running job is read when the live feed is down. */
const POLL_MS = 1000;

export function useImportLimit(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.importJobs.limit.queryOptions(), enabled, staleTime: Infinity });
}

/** Jobs the user started (the uploads never started are no one's business). */
export function useImportJobList(enabled: boolean) {
  const trpc = useTRPC();
  const { connected } = useLiveConnection();
  return useQuery({
    ...trpc.importJobs.list.queryOptions(),
    enabled,
    select: (jobs) => jobs.filter((job) => job.startedAt !== null),
    refetchInterval: (query) => (!connected && (query.state.data ?? []).some(isJobActive) ? POLL_MS : false),
  });
}

export function useImportJob(id: number | null) {
  const trpc = useTRPC();
  const { connected } = useLiveConnection();
  return useQuery({
    ...trpc.importJobs.byId.queryOptions({ id: id ?? 0 }),
    enabled: id !== null,
    refetchInterval: (query) => (!connected && isJobActive(query.state.data) ? POLL_MS : false),
  });
}
