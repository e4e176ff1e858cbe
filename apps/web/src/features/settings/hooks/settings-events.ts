import type { QueryClient } from '@tanstack/react-query';
import type { useTRPC } from '../../../lib/trpc';

type Trpc = ReturnType<typeof useTRPC>;

/**
 * `teamSettingsChanged`: an admin saved the team's settings (here or in another tab, browser or
 * replica). Every formatter reads them again; the leads too when their phones were re-read.
 */
export function applyTeamSettingsChanged(queryClient: QueryClient, trpc: Trpc, phonesUpdated: number): void {
  void queryClient.invalidateQueries({ queryKey: trpc.settings.pathKey() });
  if (phonesUpdated > 0) void queryClient.invalidateQueries({ queryKey: trpc.leads.pathKey() });
}
