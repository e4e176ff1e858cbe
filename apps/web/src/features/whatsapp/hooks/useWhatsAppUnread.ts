/** The sidebar's 'Sin leer' badge for WhatsApp: conversations waiting (refetched by the live feed's WhatsApp events). */
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

export function useWhatsAppUnread(): number {
  const trpc = useTRPC();
  return useQuery(trpc.whatsapp.unread.queryOptions()).data?.conversations ?? 0;
}
