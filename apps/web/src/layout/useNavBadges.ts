import { formatUnreadBadge, formatCount } from '@crm/domain';
import { useUnreadTotal } from '../features/chat/hooks/useUnreadTotal';
import { useFollowUpBadgeCount } from '../features/follow-ups/hooks/useFollowUpQueries';
import { useWhatsAppUnread } from '../features/whatsapp/hooks/useWhatsAppUnread';

interface NavBadge {
  text: string;
  /** What a screen reader hears, e.g. '3 sin leer'. */
  label: string;
}

/** Badges shown beside sidebar items, keyed by route: the chat's unread total, WhatsApp's unread conversations, the follow-ups due (overdue + today). */
export function useNavBadges(): Record<string, NavBadge | undefined> {
  const unread = formatUnreadBadge(useUnreadTotal());
  const dueCount = useFollowUpBadgeCount();
  const due = formatUnreadBadge(dueCount);
  const whatsapp = formatUnreadBadge(useWhatsAppUnread());
  return {
    '/whatsapp': whatsapp ? { text: whatsapp, label: `${whatsapp} sin leer` } : undefined,
    '/chat': unread ? { text: unread, label: `${unread} sin leer` } : undefined,
    '/': due ? { text: due, label: `${formatCount(dueCount, 'seguimiento', 'seguimientos')} para hoy o vencidos` } : undefined,
  };
}
