/** The signed-in user's unread chat messages, kept current by the live link (the menu's badge). */
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

export function useUnreadTotal(): number {
  const trpc = useTRPC();
  const unread = useQuery(trpc.chat.unreadTotal.queryOptions());
  return unread.data ?? 0;
}
