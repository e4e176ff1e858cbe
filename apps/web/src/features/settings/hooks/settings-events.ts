import type { QueryClient } from '@tanstack/react-query';
import type { useTRPC } from '../../../lib/trpc';

type Trpc = ReturnType<typeof useTRPC>;

/**
 * The team's settings were saved (in this tab, or anywhere else: `teamSettingsChanged`). Every
 * formatter reads them again, and so do the figures the server values with the team's value per
 * conversion (the dashboard, the board, analytics); the leads too when the save re-read their phones.
 */
export function applyTeamSettingsChanged(queryClient: QueryClient, trpc: Trpc, phonesUpdated: number): void {
  const valued = [trpc.settings.pathKey(), trpc.dashboard.pathKey(), trpc.pipeline.pathKey(), trpc.analytics.pathKey()];
  for (const queryKey of phonesUpdated > 0 ? [...valued, trpc.leads.pathKey()] : valued) void queryClient.invalidateQueries({ queryKey });
}
