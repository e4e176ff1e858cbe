/** The caller's saved views and the writes on them; the chips refresh after each. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

export function useSavedViews() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.savedViews.list.queryKey() });
  return {
    list: useQuery(trpc.savedViews.list.queryOptions()),
    create: useMutation(trpc.savedViews.create.mutationOptions({ onSuccess: refresh })),
    remove: useMutation(trpc.savedViews.delete.mutationOptions({ onSuccess: refresh })),
  };
}
