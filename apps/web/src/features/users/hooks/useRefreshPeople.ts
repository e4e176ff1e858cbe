/** After any change to users or roles, every screen that lists people reloads. */
import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

export function useRefreshPeople() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.team.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.customRoles.pathKey() }),
      // The signed-in user may have edited themself.
      queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() }),
    ]);
}
