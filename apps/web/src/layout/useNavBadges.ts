import { formatUnreadBadge } from '@crm/domain';
import { useUnreadTotal } from '../features/chat/hooks/useUnreadTotal';

/** Badges shown beside sidebar items, keyed by route (e.g. the chat's unread total). */
export function useNavBadges(): Record<string, string | undefined> {
  return { '/chat': formatUnreadBadge(useUnreadTotal()) ?? undefined };
}
