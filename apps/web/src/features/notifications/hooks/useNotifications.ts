/** The bell's data: the newest notifications, the unread count, and the calls that open or mark them. */
import { type Notification, notificationPath } from '@crm/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useTRPC } from '../../../lib/trpc';

const SHOWN = 30;

export function useOpenNotification(): (notification: Notification) => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const markRead = useMutation(
    trpc.notifications.markRead.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() }),
    }),
  );
  return (notification) => {
    if (notification.readAt === null) markRead.mutate({ id: notification.id });
    void navigate(notificationPath(notification));
  };
}

export function useNotifications() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.notifications.list.queryOptions({ limit: SHOWN }));
  const unread = useQuery(trpc.notifications.unreadCount.queryOptions());
  const markAllRead = useMutation(
    trpc.notifications.markAllRead.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() }),
    }),
  );
  return {
    list,
    unreadCount: unread.data ?? 0,
    open: useOpenNotification(),
    markAllRead: () => markAllRead.mutate(),
    markingAll: markAllRead.isPending,
  };
}
