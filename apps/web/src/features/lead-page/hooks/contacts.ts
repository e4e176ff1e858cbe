/** After a contact changes: its lead's contacts, the lead itself (its primary contact) and its timeline reload. */
import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

export function useRefreshContacts(leadId: number): () => Promise<unknown> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.contacts.list.queryKey({ leadId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.leads.byId.queryKey({ id: leadId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.leadHistory.pathKey() }),
    ]);
}
